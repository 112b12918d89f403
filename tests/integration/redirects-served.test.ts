import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawGet } from "../helpers/raw-http";
import { signInOverHttp } from "../helpers/http-sign-in";
import type { CookieJar } from "../helpers/cookie-jar";
import { startServer, type RunningServer } from "../helpers/server-process";

/**
 * Operators' redirect rules as the built server answers them: before the page cache and Remix, with the
 * visitor's query string kept, 410 as a page in the site's layout, data requests of client-side
 * navigations, and hits counted in batches.
 */

describe("redirect rules on the running site", () => {
  let server: RunningServer;
  let jar: CookieJar;
  /** The site's PUBLIC_URL origin: what its forms and the API's write check expect. */
  let site: string;

  const api = (path: string, init: { method: string; body?: unknown }) =>
    jar.fetch(`${site}${path}`, {
      method: init.method,
      headers: { "Content-Type": "application/json", Origin: site },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });

  async function addRule(body: Record<string, unknown>): Promise<{ id: number; from: string }> {
    const response = await api("/api/admin/redirects", { method: "POST", body });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { id: number; from: string };
  }

  async function rules(): Promise<{ id: number; from: string; hits: number; lastHitAt: string | null }[]> {
    const response = await jar.fetch(`${site}/api/admin/redirects`);
    expect(response.status).toBe(200);
    return (await response.json()) as { id: number; from: string; hits: number; lastHitAt: string | null }[];
  }

  beforeAll(async () => {
    server = await startServer();
    site = `http://localhost:${server.port}`;
    jar = await signInOverHttp(site);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("sends an old address on with the visitor's query string, before any page is rendered", async () => {
    await addRule({ from: "/old-about/", to: "/about", statusCode: 301, note: "Renamed in 2026" });
    const answer = await rawGet(server.port, "/old-about?utm_source=x&utm_medium=email");
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe("/about?utm_source=x&utm_medium=email");
    expect(answer.headers["content-security-policy"]).toContain("default-src");
    expect(answer.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60");
    // A trailing slash names the same address; a different case does not.
    expect((await rawGet(server.port, "/old-about/")).headers.location).toBe("/about");
    expect((await rawGet(server.port, "/Old-About")).status).toBe(404);
  });

  it("builds the answer from the path and query alone: no Host, forwarded header or cookie changes it", async () => {
    const plain = await rawGet(server.port, "/old-about?x=1");
    const variants: Record<string, string>[] = [
      { Host: "evil.example" },
      { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https", Forwarded: "host=evil.example" },
      { Cookie: "kestrel_consent=accepted; kestrel_session=forged" },
    ];
    for (const headers of variants) {
      const attack = await rawGet(server.port, "/old-about?x=1", headers);
      expect(attack.status).toBe(301);
      expect(attack.headers.location).toBe(plain.headers.location);
      expect(attack.body).toBe(plain.body);
    }
  });

  it("adds the visitor's query to the target's own and keeps the target's fragment", async () => {
    await addRule({ from: "/campaign", to: "/platforms?ref=campaign#kestrel", statusCode: 302 });
    const answer = await rawGet(server.port, "/campaign?utm_source=news");
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/platforms?ref=campaign&utm_source=news#kestrel");
  });

  it("answers 307 and 308 and sends to other sites, percent-encoded", async () => {
    await addRule({ from: "/partner", to: "https://partner.example/über?a=1", statusCode: 308 });
    await addRule({ from: "/straße", to: "/about", statusCode: 307 });
    const partner = await rawGet(server.port, "/partner?b=2");
    expect(partner.status).toBe(308);
    expect(partner.headers.location).toBe("https://partner.example/%C3%BCber?a=1&b=2");
    const street = await rawGet(server.port, "/stra%c3%9fe");
    expect(street.status).toBe(307);
    expect(street.headers.location).toBe("/about");
  });

  it("answers HEAD as GET, and never redirects a write", async () => {
    const head = await rawGet(server.port, "/old-about", {}, "HEAD");
    expect(head.status).toBe(301);
    expect(head.headers.location).toBe("/about");
    expect(head.body).toBe("");
    const post = await fetch(`${site}/old-about`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site },
      body: "a=1",
    });
    expect(post.status).not.toBe(301);
    expect(post.headers.get("location")).toBeNull();
  });

  it("takes precedence over a cached page once an operator confirms it replaces the page", async () => {
    const before = await rawGet(server.port, "/careers");
    expect(before.status).toBe(200);
    const refused = await api("/api/admin/redirects", { method: "POST", body: { from: "/careers", to: "/about", statusCode: 302 } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: Record<string, string[]> }).errors.confirmShadow![0]).toContain("/careers is a page of this site");
    const rule = await addRule({ from: "/careers", to: "/about", statusCode: 302, confirmShadow: true });
    const after = await rawGet(server.port, "/careers");
    expect(after.status).toBe(302);
    expect(after.headers.location).toBe("/about");
    expect((await api(`/api/admin/redirects/${rule.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await rawGet(server.port, "/careers")).status).toBe(200);
  });

  it("answers a retired address with 410 and a removed-page notice in the site's layout, never cached", async () => {
    await addRule({ from: "/spring-offer", to: "", statusCode: 410 });
    for (let i = 0; i < 2; i++) {
      const gone = await rawGet(server.port, "/spring-offer");
      expect(gone.status).toBe(410);
      expect(gone.body).toContain("This page has been removed");
      expect(gone.body).toMatch(/<meta name="robots" content="noindex"/);
      expect(gone.body).toContain("<title>Page removed | ");
      expect(gone.body).toContain('aria-label="Main"');
    }
    // Over a real page (confirmed), the same notice replaces the page.
    const rule = await addRule({ from: "/research", to: "", statusCode: 410, confirmShadow: true });
    const research = await rawGet(server.port, "/research");
    expect(research.status).toBe(410);
    expect(research.body).toContain("This page has been removed");
    expect(research.body).toContain("<title>Page removed | ");
    await api(`/api/admin/redirects/${rule.id}`, { method: "DELETE" });
    const back = await rawGet(server.port, "/research");
    expect(back.status).toBe(200);
    expect(back.body).not.toContain("This page has been removed");
  });

  it("answers a client-side navigation's data request with Remix's own redirect", async () => {
    const data = await rawGet(server.port, "/old-about.data?_routes=routes%2F%24&utm_source=x");
    expect(data.status).toBe(202);
    expect(data.body).toContain("/about?utm_source=x");
    const gone = await rawGet(server.port, "/spring-offer.data");
    expect(gone.status).toBe(202);
    expect(gone.body).toContain("/spring-offer");
  });

  it("counts hits in memory and writes them in a batch, not a write per hit", async () => {
    const { id } = await addRule({ from: "/counted", to: "/", statusCode: 301 });
    for (let i = 0; i < 25; i++) expect((await rawGet(server.port, "/counted")).status).toBe(301);
    let rule = (await rules()).find((r) => r.id === id)!;
    // Written within the flush interval (5 s), all 25 at once.
    const deadline = Date.now() + 12_000;
    while (rule.hits < 25 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      rule = (await rules()).find((r) => r.id === id)!;
    }
    expect(rule.hits).toBe(25);
    expect(rule.lastHitAt).not.toBeNull();
  });

  it("logs the addresses visitors miss, path only, with the referring host", async () => {
    await rawGet(server.port, "/no-such-thing?email=someone@example.com", { Referer: "https://blog.example/post/1?x=y" });
    await rawGet(server.port, "/no-such-thing");
    await rawGet(server.port, "/admin/secret");
    const deadline = Date.now() + 12_000;
    let html = "";
    while (Date.now() < deadline) {
      html = await (await jar.fetch(`${site}/admin/redirects`)).text();
      if (html.includes("/no-such-thing")) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(html).toContain("/no-such-thing");
    expect(html).toContain("blog.example");
    expect(html).not.toContain("someone@example.com");
    expect(html).not.toContain("/admin/secret");
  });
  it("refuses a destination that a browser would read as another site, and never sends a Location starting with //", async () => {
    for (const to of ["/.//evil.example", "/..//evil.example", "/a/..//evil.example", "/%2e%2e//evil.example", "/\\evil.example"]) {
      const response = await api("/api/admin/redirects", { method: "POST", body: { from: "/leave-site", to, statusCode: 301 } });
      expect(response.status, to).toBe(400);
      expect(((await response.json()) as { errors: Record<string, string[]> }).errors).toEqual({
        to: ["This path would take visitors to another site: enter a path on this site (/about), or another site's full address starting with https://"],
      });
    }
    expect((await rawGet(server.port, "/leave-site?x=1")).status).toBe(404);

    await addRule({ from: "/stay-on-site", to: "/about", statusCode: 302 });
    const asked = [
      "/stay-on-site?x=1",
      "/stay-on-site/?x=//evil.example",
      "//stay-on-site?x=1",
      "/.//stay-on-site?x=1",
      "/%2e%2e//stay-on-site?x=1",
      "/x/..//stay-on-site",
      "/%73tay-on-site",
    ];
    const answers = await Promise.all(asked.map((path) => rawGet(server.port, path)));
    for (const [i, answer] of answers.entries()) {
      const location = answer.headers.location ?? "";
      expect(location.startsWith("//") || location.startsWith("/\\"), `${asked[i]} → ${location}`).toBe(false);
    }
    expect(answers[0]!.headers.location).toBe("/about?x=1");
    // An escaped letter is the same address, once decoded.
    expect(answers[6]!.headers.location).toBe("/about");
  });
});
