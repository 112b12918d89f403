// The server's edge, the same whichever database is behind it: run in the PGlite pass only (vite.config.ts).
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawGet, rawRequest, withoutNonces } from "../helpers/raw-http";
import { signInOverHttp } from "../helpers/http-sign-in";
import { startServer, type RunningServer } from "../helpers/server-process";
import { storedMessageCount } from "../helpers/stored-data";

/**
 * One client's request must never change what another visitor gets. These drive the real production
 * server over raw sockets, as an attacker would: Host headers, HEAD, odd cookies and malformed requests
 * that `fetch` cannot send.
 */

const PUBLIC_PAGES = ["/", "/about", "/platforms", "/newsroom", "/cookies"];
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";

describe("the page cache and the URL Remix renders", () => {
  let server: RunningServer;
  let proxied: RunningServer;

  beforeAll(async () => {
    [server, proxied] = await Promise.all([startServer(), startServer({ TRUST_PROXY: "1" })]);
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), proxied?.stop()]);
  });

  it("refuses a Host header that is not a host (400), and stores nothing for it", async () => {
    for (const host of ["x/search?q=PWNED+TEXT&", "[::1", "a b", "évil.example", "x:99999", "x:1:2"]) {
      const answer = await rawGet(server.port, "/", { Host: host });
      expect(answer.status, host).toBe(400);
    }
    const twoHosts = await rawRequest(server.port, [
      "GET / HTTP/1.1",
      "Host: a.example",
      "Host: b.example",
      "Connection: close",
    ]);
    expect(twoHosts.status).toBe(400);
    const home = await rawGet(server.port, "/");
    expect(home.status).toBe(200);
    expect(title(home.body)).not.toMatch(/Search/);
    expect(home.body).not.toContain("PWNED");
  });

  it("renders every page for PUBLIC_URL whatever Host or forwarded headers name, on every consent variant", async () => {
    for (const [target, port] of [
      [server, server.port],
      [proxied, proxied.port],
    ] as const) {
      const site = `http://localhost:${port}`;
      for (const page of PUBLIC_PAGES) {
        for (const consent of [undefined, "accepted", "declined"]) {
          const cookie: Record<string, string> = consent ? { Cookie: `kestrel_consent=${consent}` } : {};
          const attack = await rawGet(target.port, page, {
            Host: "evil.example",
            "X-Forwarded-Host": "evil.example",
            "X-Forwarded-Proto": "https",
            Forwarded: "host=evil.example;proto=https",
            ...cookie,
          });
          expect(attack.status, page).toBe(200);
          expect(attack.body).not.toContain("evil.example");
          const visitor = await rawGet(target.port, page, cookie);
          expect(visitor.body, `${page} ${consent}`).not.toContain("evil.example");
          expect(visitor.body).toContain(`<link rel="canonical" href="${site}${page === "/" ? "" : page}`);
        }
      }
    }
  });

  it("ignores X-Forwarded-Host and X-Forwarded-Proto for the URL it renders, even behind a trusted proxy", async () => {
    for (const page of ["/", "/about"]) {
      const attack = await rawGet(proxied.port, page, {
        "X-Forwarded-Host": "x/search?q=PWNED+TEXT&",
        "X-Forwarded-Proto": "https",
      });
      expect(attack.body).not.toContain("PWNED");
      const visitor = await rawGet(proxied.port, page);
      expect(title(visitor.body)).not.toMatch(/^Search/);
      expect(visitor.body).not.toContain("PWNED");
    }
    const form = await rawRequest(
      proxied.port,
      [
        "POST /consent HTTP/1.1",
        `Host: localhost:${proxied.port}`,
        "X-Forwarded-Host: elsewhere.example",
        `Origin: http://localhost:${proxied.port}`,
        "Content-Type: application/x-www-form-urlencoded",
        "Content-Length: 26",
        "Connection: close",
      ],
      { body: "choice=accepted&returnTo=/" },
    );
    expect(form.status).toBe(303);
  });

  it("keeps a path that looks like another host a path on this site", async () => {
    const answer = await rawGet(server.port, "//evil.example/about");
    expect(answer.body).not.toContain('href="http://evil.example');
  });

  it("answers HEAD from a GET render, so a HEAD first never stores an empty page", async () => {
    const fresh = await startServer();
    try {
      for (const page of ["/about", "/research", "/"]) {
        const head = await rawGet(fresh.port, page, {}, "HEAD");
        expect(head.status).toBe(200);
        const get = await rawGet(fresh.port, page);
        expect(get.status).toBe(200);
        expect(get.body).toMatch(/<h1/);
        expect(Number(get.headers["content-length"])).toBeGreaterThan(1000);
        expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
      }
      // HEAD of a page outside the cache is a GET answer without the body too.
      const head = await rawGet(fresh.port, "/search?q=trading", {}, "HEAD");
      expect(head.status).toBe(200);
      expect((await rawGet(fresh.port, "/search?q=trading")).body).toMatch(/<h1/);
    } finally {
      await fresh.stop();
    }
  });

  it("never stores an operator's page, however the session cookie is written", async () => {
    const fresh = await startServer();
    try {
      const origin = `http://localhost:${fresh.port}`;
      const jar = await signInOverHttp(origin, { email: "admin@kestrelinsight.example", firstName: "Opal" });
      const token = jar.get("kestrel_session")!;
      expect(token).toBeTruthy();
      for (const [page, cookie] of [
        ["/", `kestrel_session =${token}`],
        ["/about", `kestrel_session\t=${token}`],
        ["/platforms", `kestrel_consent=accepted; kestrel_session = ${token}`],
        ["/newsroom", `kestrel_session=${token}`],
      ] as const) {
        const operator = await rawGet(fresh.port, page, { Cookie: cookie });
        expect(operator.status).toBe(200);
        expect(operator.headers["cache-control"]).toBe("private, no-store");
        const consent: Record<string, string> = cookie.includes("accepted")
          ? { Cookie: "kestrel_consent=accepted" }
          : {};
        const visitor = await rawGet(fresh.port, page, consent);
        expect(visitor.headers["cache-control"]).toMatch(/^public/);
        expect(visitor.body, page).not.toContain("admin@kestrelinsight.example");
        expect(visitor.body).not.toContain("Opal");
      }
    } finally {
      await fresh.stop();
    }
  });

  it("keeps search results and the newsroom's pages per query, built from the query alone, for visitors only", async () => {
    // A kept page is sent with its length; a render for its asker is streamed (chunked).
    const kept = (answer: { headers: Record<string, string | string[] | undefined> }) =>
      answer.headers["content-length"] !== undefined && answer.headers["transfer-encoding"] === undefined;
    const hostile = "/search?q=%3Cimg+src%3Dx+onerror%3Dalert(1)%3E";
    const first = await rawGet(server.port, hostile, {
      Host: "evil.example",
      "X-Forwarded-Host": "evil.example",
      Cookie: "kestrel_consent=declined; other=PWNED",
    });
    expect(first.status).toBe(200);
    const again = await rawGet(server.port, hostile, { Cookie: "kestrel_consent=declined" });
    expect(kept(again)).toBe(true);
    expect(withoutNonces(again.body)).toBe(withoutNonces(first.body));
    expect(again.body).not.toContain("<img src=x");
    expect(again.body).not.toContain("evil.example");
    expect(again.body).not.toContain("PWNED");
    // Each query its own page: another search does not get this one's results.
    await rawGet(server.port, "/search?q=forecasting");
    const other = await rawGet(server.port, "/search?q=forecasting");
    expect(kept(other)).toBe(true);
    expect(other.body).not.toContain("onerror");
    expect(other.body).toContain("forecasting");
    await rawGet(server.port, "/newsroom?page=2");
    expect(kept(await rawGet(server.port, "/newsroom?page=2"))).toBe(true);
    // A further page of results is its own entry too.
    await rawGet(server.port, "/search?q=kestrel&page=2");
    const secondPage = await rawGet(server.port, "/search?q=kestrel&page=2");
    expect(kept(secondPage)).toBe(true);
    expect(secondPage.body).toMatch(/Page 2 of \d+/);
    // A query a page does not take, or a value it does not accept, is rendered for its asker every time.
    for (const path of [
      "/search?q=api&x=1",
      "/search?q=+api",
      "/search?x=api",
      "/search?q=api&page=0",
      "/search?q=api&page=2&page=3",
      "/newsroom?page=2&utm_source=x",
      "/newsroom?page=0",
      "/about?x=1",
    ]) {
      await rawGet(server.port, path);
      expect(kept(await rawGet(server.port, path)), path).toBe(false);
    }
    // An operator's search is theirs alone; the visitor after them gets the public page.
    const jar = await signInOverHttp(`http://localhost:${server.port}`, {
      email: "admin@kestrelinsight.example",
      firstName: "Quinn",
    });
    const operator = await rawGet(server.port, "/search?q=careers", {
      Cookie: `kestrel_session=${jar.get("kestrel_session")}`,
    });
    expect(operator.headers["cache-control"]).toBe("private, no-store");
    const visitor = await rawGet(server.port, "/search?q=careers");
    expect(visitor.headers["cache-control"]).toMatch(/^public/);
    expect(visitor.body).not.toContain("Quinn");
  });

  it("keeps a post's and a role's own page for visitors until it changes, and never a preview or a missing one", async () => {
    const kept = (answer: { headers: Record<string, string | string[] | undefined> }) =>
      answer.headers["content-length"] !== undefined && answer.headers["transfer-encoding"] === undefined;
    const site = `http://localhost:${server.port}`;
    const operator = await signInOverHttp(site);
    const api = async (method: string, path: string, body: unknown) => {
      const response = await operator.fetch(`${site}${path}`, {
        method,
        headers: { "Content-Type": "application/json", Origin: site },
        body: JSON.stringify(body),
      });
      expect(response.status, await response.clone().text()).toBeLessThan(300);
      return (await response.json()) as { id: number };
    };
    const slug = `kept-post-${Date.now()}`;
    const post = (title: string, status = "published") => ({
      title,
      slug,
      summary: `Summary of ${title}`,
      body: `The body of ${title}.`,
      category: "news",
      status,
      publishAt: null,
      coverImageId: null,
    });
    const { id } = await api("POST", "/api/admin/posts", post("A post kept whole"));

    const first = await rawGet(server.port, `/newsroom/${slug}`, { Host: "evil.example", Cookie: "other=PWNED" });
    expect(first.status).toBe(200);
    const again = await rawGet(server.port, `/newsroom/${slug}`);
    expect(kept(again)).toBe(true);
    expect(withoutNonces(again.body)).toBe(withoutNonces(first.body));
    expect(again.body).toContain("A post kept whole");
    expect(again.body).not.toContain("evil.example");
    expect(again.body).not.toContain("PWNED");

    // An edit is seen at once, and an unpublished post is gone, not served from the store.
    await api("PUT", `/api/admin/posts/${id}`, post("A post kept whole, edited"));
    const edited = await rawGet(server.port, `/newsroom/${slug}`);
    expect(edited.body).toContain("A post kept whole, edited");
    expect(kept(await rawGet(server.port, `/newsroom/${slug}`))).toBe(true);
    await api("PUT", `/api/admin/posts/${id}`, post("A post kept whole, edited", "draft"));
    expect((await rawGet(server.port, `/newsroom/${slug}`)).status).toBe(404);

    const role = /href="(\/careers\/[a-z0-9-]+)"/.exec((await rawGet(server.port, "/careers")).body)?.[1];
    expect(role).toBeDefined();
    await rawGet(server.port, role!);
    expect(kept(await rawGet(server.port, role!))).toBe(true);

    // A preview link, another query, a missing slug or one the editors could not write: rendered every time.
    for (const path of [`/newsroom/${slug}?preview=x`, `${role}?utm_source=x`, "/newsroom/no-such-post", "/newsroom/Upper-Case"]) {
      await rawGet(server.port, path);
      expect(kept(await rawGet(server.port, path)), path).toBe(false);
    }
  });

  it("tells shared caches the truth: cached pages vary by Cookie, and q=0 refuses gzip however it is spaced", async () => {
    await rawGet(server.port, "/about");
    const cached = await rawGet(server.port, "/about", { "Accept-Encoding": "gzip" });
    expect(cached.headers["vary"]).toMatch(/Accept-Encoding/);
    expect(cached.headers["vary"]).toMatch(/Cookie/);
    expect(cached.headers["content-encoding"]).toBe("gzip");
    for (const refused of ["gzip ; q=0", "gzip;q=0.0", "GZIP; Q=0", "*;q=0", "identity"]) {
      const answer = await rawGet(server.port, "/about", { "Accept-Encoding": refused });
      expect(answer.headers["content-encoding"], refused).toBeUndefined();
      expect(answer.body).toMatch(/<h1/);
    }
    const search = await rawGet(server.port, "/search?q=api");
    expect(search.headers["vary"]).toMatch(/Cookie/);
  });
});

describe("the local identity provider", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("listens on loopback only while it is mounted, and says so", () => {
    expect(server.output()).toMatch(/on 127\.0\.0\.1/);
    expect(server.output()).toMatch(/only this computer can connect/);
  });

  it("is not reachable on this machine's other addresses", async () => {
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((entry) => entry && entry.family === "IPv4" && !entry.internal);
    if (!external) return;
    const refused = await fetch(`http://${external.address}:${server.port}/healthz`).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);
  });

  it("pre-fills no address in its sign-in form", async () => {
    const origin = `http://localhost:${server.port}`;
    const login = await fetch(`${origin}/api/login`, { redirect: "manual" });
    const authorize = await fetch(login.headers.get("Location")!, {
      redirect: "manual",
      headers: {
        Cookie: login.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; "),
      },
    });
    const interaction = await fetch(new URL(authorize.headers.get("Location")!, origin), {
      headers: {
        Cookie: authorize.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; "),
      },
    });
    const html = await interaction.text();
    expect(html).toContain('name="email"');
    expect(html).toMatch(/name="email"[^>]*value=""/);
    expect(html).not.toContain('admin@kestrelinsight.example"');
  });
});

describe("slow clients and many connections", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      BODY_IDLE_TIMEOUT_SECONDS: "1",
      REQUEST_TIMEOUT_SECONDS: "5",
      MAX_CONNECTIONS: "20",
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("gives up a body that stops arriving (408) and closes the connection", async () => {
    const started = Date.now();
    const answer = await rawRequest(
      server.port,
      [
        "POST /contact HTTP/1.1",
        `Host: localhost:${server.port}`,
        "Content-Type: application/x-www-form-urlencoded",
        "Content-Length: 100",
      ],
      { body: "name=A" },
    );
    expect(answer.status).toBe(408);
    expect(answer.closed).toBe(true);
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it("cuts a body that trickles in slower than the request timeout allows", async () => {
    const result = await new Promise<{ ms: number }>((resolve) => {
      const started = Date.now();
      const socket = net.connect(server.port, "127.0.0.1", () => {
        socket.write(
          `POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n`,
        );
        const drip = setInterval(() => socket.write("a"), 400);
        socket.on("close", () => {
          clearInterval(drip);
          resolve({ ms: Date.now() - started });
        });
      });
      socket.on("error", () => {});
      socket.resume();
    });
    expect(result.ms).toBeLessThan(12_000);
  });

  it("holds at most MAX_CONNECTIONS connections", async () => {
    const sockets: net.Socket[] = [];
    const closedEarly: boolean[] = [];
    await Promise.all(
      Array.from(
        { length: 30 },
        (_, i) =>
          new Promise<void>((resolve) => {
            const socket = net.connect(server.port, "127.0.0.1");
            sockets.push(socket);
            closedEarly[i] = false;
            socket.on("close", () => {
              closedEarly[i] = true;
            });
            // Connected, or refused: either way the server has decided about this one.
            socket.on("error", () => resolve());
            socket.on("connect", () => resolve());
          }),
      ),
    );
    // The connections past the limit are closed by the server, and no event says it is done closing them:
    // half a second is many times what a close over loopback takes.
    await new Promise((r) => setTimeout(r, 500));
    const open = closedEarly.filter((closed) => !closed).length;
    for (const socket of sockets) socket.destroy();
    expect(open).toBeLessThanOrEqual(20);
    expect(open).toBeGreaterThan(0);
    // The server has seen the 30 sockets close (no event says so here) before it is asked again.
    await new Promise((r) => setTimeout(r, 300));
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
  });
});

describe("malformed and unexpected requests", () => {
  let server: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-malformed-"));
    server = await startServer({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const site = () => `http://localhost:${server.port}`;
  const message =
    "name=Ada+Lovelace&email=ada%40example.com&subject=General+Inquiry&message=A+message+that+must+be+stored+once.";

  it("answers bad encodings with 400 and no stack in the log", async () => {
    const before = server.output().length;
    expect((await rawGet(server.port, "/%E0%A4%A")).status).toBe(400);
    expect((await rawGet(server.port, "/about/%")).status).toBe(400);
    expect((await rawGet(server.port, "/assets/%E0%A4%A.js")).status).toBe(400);
    expect(server.output().slice(before)).not.toMatch(/\n\s+at /);
  });

  it("serves nothing under a dot-folder, and the build emits none", async () => {
    for (const file of ["/.vite/manifest.json", "/.vite/manifest.json.gz", "/.vite/manifest.json.br"]) {
      expect((await rawGet(server.port, file)).status, file).toBe(404);
    }
    expect(fs.existsSync(path.resolve(process.env.BUILD_DIR ?? "build", "client", ".vite"))).toBe(false);
  });

  it("answers an unsatisfiable Range with 416", async () => {
    const answer = await rawGet(server.port, "/whitepaper.pdf", { Range: "bytes=99999999-" });
    expect(answer.status).toBe(416);
    const partial = await rawGet(server.port, "/whitepaper.pdf", { Range: "bytes=0-9" });
    expect(partial.status).toBe(206);
  });

  it("makes every /admin method look like a missing page when signed out", async () => {
    const missing = await rawGet(server.port, "/admin/no-such-screen");
    expect(missing.status).toBe(404);
    const before = server.output().length;
    for (const [method, target] of [
      ["GET", "/admin/hero"],
      ["POST", "/admin"],
      ["POST", "/admin/hero"],
      ["POST", "/admin/products"],
      ["PUT", "/admin/stats"],
      ["DELETE", "/admin/menus"],
      ["PATCH", "/admin/seo"],
      ["POST", "/admin/no-such-screen"],
    ] as const) {
      const answer = await rawRequest(
        server.port,
        [
          `${method} ${target} HTTP/1.1`,
          `Host: localhost:${server.port}`,
          `Origin: ${site()}`,
          "Content-Type: application/x-www-form-urlencoded",
          "Content-Length: 6",
          "Connection: close",
        ],
        { body: "intent" },
      );
      expect(answer.status, `${method} ${target}`).toBe(404);
      // The same page, byte for byte (rendered for /admin whatever admin address was asked for).
      expect(withoutNonces(answer.body), `${method} ${target}`).toBe(withoutNonces(missing.body));
      expect(answer.body).not.toMatch(/routes\/admin|did not provide an `action`/);
    }
    expect(server.output().slice(before)).not.toMatch(/\n\s+at /);
  });

  it("answers the admin's data requests with 404 when signed out, and no admin data", async () => {
    for (const target of ["/admin/hero.data", "/admin.data", "/admin/messages.data"]) {
      const answer = await rawGet(server.port, target);
      expect(answer.status, target).toBe(404);
      expect(answer.body).not.toContain("admin@kestrelinsight.example");
    }
  });

  it("answers a form posted to a page that takes none with 405 and Allow", async () => {
    const answer = await rawRequest(
      server.port,
      [
        "POST /about HTTP/1.1",
        `Host: localhost:${server.port}`,
        `Origin: ${site()}`,
        "Content-Type: application/x-www-form-urlencoded",
        "Content-Length: 3",
        "Connection: close",
      ],
      { body: "a=b" },
    );
    expect(answer.status).toBe(405);
    expect(answer.headers["allow"]).toBe("GET, HEAD");
    expect(answer.body).not.toMatch(/routes\/|`action`/);
  });

  const post = (target: string, headers: string[], body: string, host = `localhost:${server.port}`) =>
    rawRequest(
      server.port,
      [
        `POST ${target} HTTP/1.1`,
        `Host: ${host}`,
        ...headers,
        `Content-Length: ${Buffer.byteLength(body)}`,
        "Connection: close",
      ],
      { body },
    );

  it("refuses forms that are not forms with 4xx, never 5xx", async () => {
    for (const target of ["/contact", "/consent"]) {
      expect((await post(target, ["Content-Type: application/json"], '{"name":"Ada"}')).status, target).toBe(
        415,
      );
      expect((await post(target, ["Content-Type: text/plain"], "name=Ada")).status, target).toBe(415);
      expect((await post(target, [], "name=Ada")).status, target).toBe(415);
      const broken = await post(
        target,
        ["Content-Type: multipart/form-data; boundary=XYZ"],
        "--XYZ\r\nContent-Disposition: form-data; name=",
      );
      expect(broken.status, target).toBe(400);
    }
  });

  it("accepts a form from the site's own origin whatever Host or X-Forwarded-Host says, and refuses another origin", async () => {
    const form = "Content-Type: application/x-www-form-urlencoded";
    const otherHost = await post(
      "/consent",
      [`Origin: ${site()}`, form],
      "choice=accepted&returnTo=/",
      "evil.example",
    );
    expect(otherHost.status).toBe(303);
    const forwarded = await post(
      "/consent",
      ["X-Forwarded-Host: evil.example", `Origin: ${site()}`, form],
      "choice=accepted&returnTo=/",
    );
    expect(forwarded.status).toBe(303);
    const foreign = await post("/consent", ["Origin: http://evil.example", form], "choice=accepted");
    expect(foreign.status).toBe(403);
  });

  it("refuses a legacy _data request before the action runs, so nothing is stored twice", async () => {
    const legacy = await post(
      "/contact?_data=routes%2F_site.contact",
      [`Origin: ${site()}`, "Content-Type: application/x-www-form-urlencoded"],
      message,
    );
    expect(legacy.status).toBe(400);
    const real = await post(
      "/contact",
      [`Origin: ${site()}`, "Content-Type: application/x-www-form-urlencoded"],
      message,
    );
    expect(real.status).toBe(200);
    expect(real.body).toContain("Your message has been sent successfully.");
    await server.stop();
    expect(await storedMessageCount(server)).toBe(1);
  });
});
