import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearContentCache } from "~/models/content-cache.server";
import { produceIntoCache } from "~/server/http/json-cache.server";
import type { CookieJar } from "../helpers/cookie-jar";
import { signInOverHttp } from "../helpers/http-sign-in";
import { rawGet, rawRequest, type RawResponse } from "../helpers/raw-http";
import { startServer, type RunningServer } from "../helpers/server-process";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

/**
 * The JSON cache (app/server/http/json-cache.server.ts) on the built server: the public JSON reads kept in
 * memory and answered before Express. What a visitor, an attacker and an operator would notice: the same
 * answer the app gives, compressed or not as asked; a fresh answer right after every write; an operator's
 * private answer never shared; and nothing of the asker's (Host, forwarded headers, cookies) in what is kept.
 *
 * One server for the file: PGlite by default, or a throwaway database on the PostgreSQL server of
 * DATABASE_URL when the suite runs against PostgreSQL.
 */

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes on the wire (de-chunked, not decoded). */
  body: Buffer;
}

/** Transport headers, which differ between any two answers and say nothing about the read. */
const TRANSPORT = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding", "content-encoding"]);

/** What the app sends with every JSON answer (data, not a page: no nonce, nothing for scripts or windows). */
const SECURITY_HEADERS = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-resource-policy": "same-origin",
};

const unique = () => crypto.randomBytes(4).toString("hex");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The identity body of an answer, whatever coding it was sent in. */
function decoded(answer: Answer): Buffer {
  const coding = answer.headers["content-encoding"];
  if (coding === "br") return zlib.brotliDecompressSync(answer.body);
  if (coding === "gzip") return zlib.gunzipSync(answer.body);
  expect(coding, "an unexpected Content-Encoding").toBeUndefined();
  return answer.body;
}

/**
 * An answer the app rendered for its asker (Express and Remix): Remix streams it, so it is chunked. The JSON
 * cache sends what it keeps with a Content-Length. This is how these tests tell the two apart.
 */
const answeredByApp = (headers: Record<string, string | string[] | undefined>) =>
  headers["transfer-encoding"] === "chunked" && headers["content-length"] === undefined;
const answeredFromCache = (headers: Record<string, string | string[] | undefined>) =>
  headers["transfer-encoding"] === undefined && headers["content-length"] !== undefined;

describe("the JSON cache on the built server", () => {
  let database: TestDatabase | undefined;
  let server: RunningServer;
  /** The site's PUBLIC_URL origin: what the API's write check expects, and what answers may name. */
  let site: string;
  let jar: CookieJar;
  /** The operator's session cookie, as the browser sends it. */
  let session: string;
  let token: string;

  beforeAll(async () => {
    if (process.env.DATABASE_URL) database = await createTestDatabase();
    server = await startServer(database?.url ? { DATABASE_URL: database.url } : {});
    expect(server.output()).toContain(database ? "database: PostgreSQL (DATABASE_URL)" : "database: embedded (PGlite");
    site = `http://localhost:${server.port}`;
    jar = await signInOverHttp(site);
    token = jar.get("kestrel_session")!;
    expect(token).toBeTruthy();
    session = `kestrel_session=${token}`;
  });
  afterAll(async () => {
    await server?.stop();
    await database?.destroy();
  });

  /** One request with exactly these headers (besides Host and Connection), the body kept as bytes. */
  function request(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port: server.port,
          path,
          method,
          agent: false,
          headers: { Host: `localhost:${server.port}`, Connection: "close", ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.setTimeout(20_000, () => req.destroy(new Error(`no answer to ${method} ${path}`)));
      req.end();
    });
  }

  /** An anonymous read: 200 JSON, with its ETag and parsed body. */
  async function read<T = unknown>(path: string, headers: Record<string, string> = {}) {
    const answer = await request(path, headers);
    expect(answer.status, `${path}: ${answer.body.toString()}`).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    const text = decoded(answer).toString("utf8");
    return { answer, etag: String(answer.headers.etag), text, json: JSON.parse(text) as T };
  }

  /** The read asked twice: the second answer is the first, kept. */
  async function warm<T = unknown>(path: string) {
    const first = await read<T>(path);
    const second = await read<T>(path);
    expect(second.etag, path).toBe(first.etag);
    expect(second.text, path).toBe(first.text);
    expect(answeredFromCache(second.answer.headers), path).toBe(true);
    return second;
  }

  /** The next anonymous answer after a write: a new ETag and body at once. */
  async function changed<T = unknown>(path: string, before: { etag: string; text: string }) {
    const after = await read<T>(path);
    expect(after.etag, `${path} still answers its old ETag`).not.toBe(before.etag);
    expect(after.text, `${path} still answers its old body`).not.toBe(before.text);
    return after;
  }

  /** An operator's JSON API call (same-origin, with the session). */
  async function api(method: string, path: string, body?: unknown): Promise<Response> {
    return jar.fetch(`${site}${path}`, {
      method,
      headers: { "Content-Type": "application/json", Origin: site },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function apiOk<T = Record<string, unknown>>(method: string, path: string, body: unknown, status = 200): Promise<T> {
    const response = await api(method, path, body);
    const text = await response.text();
    expect(response.status, `${method} ${path}: ${text}`).toBe(status);
    return JSON.parse(text) as T;
  }

  interface Product {
    id: number;
    name: string;
    description: string;
    url: string;
    badge: string | null;
    displayOrder: number;
  }
  interface MenuItem {
    id: number;
    menuType: string;
    label: string;
    url: string;
    icon: string | null;
    displayOrder: number;
    isActive: boolean;
    openInNewTab: boolean;
    parentId: string | null;
  }
  interface PostPage {
    items: { slug: string; title: string }[];
    page: number;
    pageCount: number;
    total: number;
  }

  const menuItemBody = (item: MenuItem, changes: Partial<MenuItem>) => {
    const { menuType, label, url, icon, displayOrder, isActive, openInNewTab, parentId } = { ...item, ...changes };
    return { menuType, label, url, icon, displayOrder, isActive, openInNewTab, parentId };
  };

  /** A post or role body for the admin API. */
  const postBody = (slug: string, title: string, extra: Record<string, unknown> = {}) => ({
    title,
    slug,
    summary: `Summary of ${title}`,
    body: `The body of ${title}.`,
    category: "news",
    status: "published",
    publishAt: null,
    coverImageId: null,
    ...extra,
  });

  /** A write that changes none of the reads below: every kept answer is dropped. */
  async function emptyTheCache(): Promise<void> {
    const hero = (await read<Record<string, unknown>>("/api/hero-content")).json;
    const { subtitle, primaryCtaText, primaryCtaUrl, secondaryCtaText, secondaryCtaUrl } = hero;
    await apiOk("PUT", "/api/admin/hero-content", {
      title: `Hero ${unique()}`,
      subtitle,
      primaryCtaText,
      primaryCtaUrl,
      secondaryCtaText,
      secondaryCtaUrl,
    });
  }

  describe("a repeated read", () => {
    it("is answered from memory with the same bytes and ETag, and the headers the app sends for the same read", async () => {
      const first = await request("/api/products");
      const second = await request("/api/products");
      for (const answer of [first, second]) {
        expect(answer.status).toBe(200);
        expect(answer.headers["content-encoding"]).toBeUndefined();
        expect(answeredFromCache(answer.headers)).toBe(true);
        expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
        expect(answer.headers["set-cookie"]).toBeUndefined();
      }
      expect(second.body.equals(first.body)).toBe(true);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(first.headers.etag).toMatch(/^"[^"]+"$/);
      const products = JSON.parse(first.body.toString("utf8")) as Product[];
      expect(products.length).toBeGreaterThan(0);

      // The same read rendered by the app for an operator (/api/products does not depend on who asks).
      const rendered = await request("/api/products", { Cookie: session });
      expect(rendered.status).toBe(200);
      expect(answeredByApp(rendered.headers), "an operator's read is rendered for them").toBe(true);
      expect(rendered.body.equals(first.body)).toBe(true);
      for (const name of ["etag", "cache-control", "content-type", "vary"]) {
        expect(first.headers[name], name).toBe(rendered.headers[name]);
      }
      expect(first.headers["cache-control"]).toMatch(/^public/);
      expect(first.headers.vary).toBe("Accept-Encoding");
      const names = (answer: Answer) => Object.keys(answer.headers).filter((name) => !TRANSPORT.has(name)).sort();
      expect(names(first)).toEqual(names(rendered));
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect(first.headers[name], name).toBe(value);
        expect(rendered.headers[name], name).toBe(value);
      }
      // Headers that govern a page's scripts and windows have nothing to govern in JSON, from either.
      for (const answer of [first, second, rendered]) {
        expect(answer.headers["permissions-policy"]).toBeUndefined();
        expect(answer.headers["cross-origin-opener-policy"]).toBeUndefined();
      }
      // PUBLIC_URL is http here: no HSTS, from the cache or the app.
      expect(first.headers["strict-transport-security"]).toBeUndefined();
    });

    it("sends Brotli or gzip as Accept-Encoding asks, each decoding to exactly the identity body", async () => {
      const cases: [acceptEncoding: string, coding: string | undefined][] = [
        ["br", "br"],
        ["gzip", "gzip"],
        ["gzip, deflate, br", "br"],
        ["br;q=0.5, gzip", "gzip"],
        ["gzip;q=0.5, br;q=0.9", "br"],
        ["*", "br"],
        ["br;q=0, *", "gzip"],
        ["gzip;q=0, br;q=0", undefined],
        ["GZIP ; Q=0 , Br;q=0.000", undefined],
        ["identity", undefined],
        ["*;q=0", undefined],
      ];
      for (const path of ["/api/products", "/api/openapi.json", "/api/legal-documents/privacy", "/api/posts"]) {
        const identity = await request(path);
        expect(identity.status).toBe(200);
        expect(identity.body.length, `${path} is large enough to be compressed`).toBeGreaterThanOrEqual(1024);
        for (const [acceptEncoding, coding] of cases) {
          const answer = await request(path, { "Accept-Encoding": acceptEncoding });
          const label = `${path} with Accept-Encoding: ${acceptEncoding}`;
          expect(answer.status, label).toBe(200);
          expect(answer.headers["content-encoding"], label).toBe(coding);
          expect(Number(answer.headers["content-length"]), label).toBe(answer.body.length);
          expect(decoded(answer).equals(identity.body), label).toBe(true);
          expect(answer.headers.etag, label).toBe(identity.headers.etag);
          expect(answer.headers.vary, label).toMatch(/\bAccept-Encoding\b/);
          if (coding) expect(answer.body.length, label).toBeLessThan(identity.body.length);
        }
      }
      // Made once, at Brotli's best quality.
      const identity = await request("/api/openapi.json");
      const br = await request("/api/openapi.json", { "Accept-Encoding": "br" });
      const best = zlib.brotliCompressSync(identity.body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.body.length },
      });
      expect(br.body.equals(best)).toBe(true);
    });

    it("sends a body under 1 KB as it is, whatever the client accepts", async () => {
      for (const path of ["/api/hero-content", "/api/company-settings", "/api/legal-documents/privacy/versions"]) {
        const identity = await request(path);
        expect(identity.status).toBe(200);
        expect(identity.body.length).toBeLessThan(1024);
        for (const acceptEncoding of ["br", "gzip", "br, gzip", "*"]) {
          const answer = await request(path, { "Accept-Encoding": acceptEncoding });
          expect(answer.headers["content-encoding"], `${path} ${acceptEncoding}`).toBeUndefined();
          expect(Number(answer.headers["content-length"])).toBe(identity.body.length);
          expect(answer.body.equals(identity.body)).toBe(true);
          expect(answer.headers.vary).toBe("Accept-Encoding");
        }
      }
    });

    it("answers If-None-Match with the ETag (strong, weak, or in a list) with 304, and another tag with 200", async () => {
      const { etag, answer: full } = await read("/api/statistics");
      for (const ifNoneMatch of [etag, `W/${etag}`, `"nope", ${etag}`, `"nope",W/${etag} , "other"`]) {
        for (const method of ["GET", "HEAD"]) {
          const answer = await request("/api/statistics", { "If-None-Match": ifNoneMatch, "Accept-Encoding": "br, gzip" }, method);
          expect(answer.status, `${method} If-None-Match: ${ifNoneMatch}`).toBe(304);
          expect(answer.body.length).toBe(0);
          expect(answer.headers.etag).toBe(etag);
          expect(answer.headers["cache-control"]).toBe(full.headers["cache-control"]);
          expect(answer.headers.vary).toBe("Accept-Encoding");
          expect(answer.headers["content-security-policy"]).toBe(SECURITY_HEADERS["content-security-policy"]);
        }
      }
      for (const ifNoneMatch of ['"nope"', `W/"x${etag.slice(1)}`, etag.slice(0, -2) + '"']) {
        const answer = await request("/api/statistics", { "If-None-Match": ifNoneMatch });
        expect(answer.status, ifNoneMatch).toBe(200);
        expect(answer.body.equals(full.body)).toBe(true);
      }
    });

    it("sends no Content-Encoding with a 304, whether the read was kept already or is produced for this request", async () => {
      // A small body is never sent compressed, so its 304 must not say it is: a shared cache that
      // revalidates its copy takes the 304's headers onto the identity body it keeps. (A read not kept yet is
      // answered inside Express, after its compression middleware, which codes any answer with a Content-Type.)
      const { etag } = await read("/api/hero-content");
      for (const acceptEncoding of ["br", "gzip", "br, gzip"]) {
        const kept = await request("/api/hero-content", { "If-None-Match": etag, "Accept-Encoding": acceptEncoding });
        expect(kept.status).toBe(304);
        expect(kept.headers["content-encoding"], `kept, ${acceptEncoding}`).toBeUndefined();
        // A key not asked for yet: the answer is produced by this request (the state after any write).
        const fresh = await request(`/api/hero-content?revalidate=${unique()}`, { "If-None-Match": etag, "Accept-Encoding": acceptEncoding });
        expect(fresh.status).toBe(304);
        expect(fresh.headers.etag).toBe(etag);
        expect(fresh.headers["content-encoding"], `produced, ${acceptEncoding}`).toBeUndefined();
      }
    });

    it("answers HEAD with GET's headers and no body, and a GET after a first HEAD with the whole body", async () => {
      for (const path of ["/api/statistics", "/api/roles"]) {
        // Nothing kept: the HEAD is the first request for the read, and the answer is produced for it.
        await emptyTheCache();
        const head = await request(path, {}, "HEAD");
        expect(head.status).toBe(200);
        expect(head.body.length).toBe(0);
        const length = Number(head.headers["content-length"]);
        expect(length).toBeGreaterThan(100);
        const get = await request(path);
        expect(get.status).toBe(200);
        expect(get.body.length).toBe(length);
        expect(Array.isArray(JSON.parse(get.body.toString("utf8")))).toBe(true);
        expect(get.headers.etag).toBe(head.headers.etag);
        expect(get.headers["content-type"]).toBe(head.headers["content-type"]);
      }
      const headBr = await request("/api/roles", { "Accept-Encoding": "br" }, "HEAD");
      const getBr = await request("/api/roles", { "Accept-Encoding": "br" });
      expect(headBr.headers["content-encoding"]).toBe("br");
      expect(headBr.headers["content-length"]).toBe(String(getBr.body.length));
    });
  });

  describe("every write empties it", () => {
    it("a product update (JSON API)", async () => {
      const before = await warm<Product[]>("/api/products");
      const product = before.json[0]!;
      const name = `Renamed ${unique()}`;
      const { id, description, url, badge, displayOrder } = product;
      await apiOk("PUT", `/api/admin/products/${id}`, { name, description, url, badge, displayOrder });
      const after = await changed<Product[]>("/api/products", before);
      expect(after.json.find((p) => p.id === id)?.name).toBe(name);
    });

    it("a statistic (admin form)", async () => {
      const before = await warm<{ id: number; label: string; value: string; displayOrder: number }[]>("/api/statistics");
      const statistic = before.json[0]!;
      const value = `${unique()}+`;
      const response = await jar.fetch(`${site}/admin/stats/${statistic.id}/edit`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site },
        body: new URLSearchParams({ label: statistic.label, value, displayOrder: String(statistic.displayOrder) }),
      });
      expect([302, 303], await response.text()).toContain(response.status);
      const after = await changed<typeof before.json>("/api/statistics", before);
      expect(after.json.find((s) => s.id === statistic.id)?.value).toBe(value);
    });

    it("a menu item made inactive, then active again", async () => {
      const all = (await (await jar.fetch(`${site}/api/menu-items`)).json()) as MenuItem[];
      const item = all.find((candidate) => candidate.isActive && candidate.menuType === "footer")!;
      expect(item).toBeTruthy();
      const before = await warm<MenuItem[]>("/api/menu-items");
      const footer = await warm<MenuItem[]>("/api/menu-items?menuType=footer");
      expect(before.json.some((m) => m.id === item.id)).toBe(true);

      await apiOk("PUT", `/api/admin/menu-items/${item.id}`, menuItemBody(item, { isActive: false }));
      const hidden = await changed<MenuItem[]>("/api/menu-items", before);
      expect(hidden.json.some((m) => m.id === item.id)).toBe(false);
      const hiddenFooter = await changed<MenuItem[]>("/api/menu-items?menuType=footer", footer);
      expect(hiddenFooter.json.some((m) => m.id === item.id)).toBe(false);

      const rehidden = await warm<MenuItem[]>("/api/menu-items");
      await apiOk("PUT", `/api/admin/menu-items/${item.id}`, menuItemBody(item, { isActive: true }));
      const shown = await changed<MenuItem[]>("/api/menu-items", rehidden);
      expect(shown.json.map((m) => m.id)).toEqual(before.json.map((m) => m.id));
    });

    it("the hero, company settings and SEO settings", async () => {
      const hero = await warm<Record<string, unknown>>("/api/hero-content");
      const title = `Hero ${unique()}`;
      const { subtitle, primaryCtaText, primaryCtaUrl, secondaryCtaText, secondaryCtaUrl } = hero.json;
      await apiOk("PUT", "/api/admin/hero-content", { title, subtitle, primaryCtaText, primaryCtaUrl, secondaryCtaText, secondaryCtaUrl });
      expect((await changed<Record<string, unknown>>("/api/hero-content", hero)).json.title).toBe(title);

      const company = await warm<Record<string, unknown>>("/api/company-settings");
      const companyName = `Kestrel ${unique()}`;
      await apiOk("PUT", "/api/admin/company-settings", {
        companyName,
        contactEmail: company.json.contactEmail,
        footerCopyright: `© ${companyName}`,
      });
      expect((await changed<Record<string, unknown>>("/api/company-settings", company)).json.companyName).toBe(companyName);

      const seo = await warm<Record<string, unknown>>("/api/seo-settings");
      const pageTitle = `Title ${unique()}`;
      const { version: _version, ...seoFields } = seo.json;
      await apiOk("PUT", "/api/admin/seo-settings", { ...seoFields, pageTitle });
      expect((await changed<Record<string, unknown>>("/api/seo-settings", seo)).json.pageTitle).toBe(pageTitle);
    });

    it("a post published, edited and unpublished: the list, its pages and the post itself", async () => {
      const slug = `cache-post-${unique()}`;
      const list = await warm<PostPage>("/api/posts");
      const page2 = await warm<PostPage>("/api/posts?page=2");
      expect(list.json.pageCount).toBeGreaterThanOrEqual(2);
      expect((await request(`/api/posts/${slug}`)).status).toBe(404);

      const created = await apiOk<{ id: number }>("POST", "/api/admin/posts", postBody(slug, "Cache post"), 201);
      const listed = await changed<PostPage>("/api/posts", list);
      expect(listed.json.items[0]?.slug).toBe(slug);
      expect(listed.json.total).toBe(list.json.total + 1);
      // Every post moved down one place: page 2 begins with what ended page 1.
      const shifted = await changed<PostPage>("/api/posts?page=2", page2);
      expect(shifted.json.items[0]?.slug).toBe(list.json.items.at(-1)?.slug);
      const post = await warm<{ title: string }>(`/api/posts/${slug}`);
      expect(post.json.title).toBe("Cache post");

      await apiOk("PUT", `/api/admin/posts/${created.id}`, postBody(slug, "Cache post, edited"));
      expect((await changed<{ title: string }>(`/api/posts/${slug}`, post)).json.title).toBe("Cache post, edited");

      const listedAgain = await warm<PostPage>("/api/posts");
      const page2Again = await warm<PostPage>("/api/posts?page=2");
      await apiOk("PUT", `/api/admin/posts/${created.id}`, postBody(slug, "Cache post, edited", { status: "draft" }));
      const unpublished = await request(`/api/posts/${slug}`);
      expect(unpublished.status).toBe(404);
      expect(unpublished.headers["cache-control"]).toBe("no-store");
      const gone = await changed<PostPage>("/api/posts", listedAgain);
      expect(gone.json.items.some((item) => item.slug === slug)).toBe(false);
      expect(gone.json.total).toBe(list.json.total);
      const page2Back = await changed<PostPage>("/api/posts?page=2", page2Again);
      expect(page2Back.text).toBe(page2.text);
    });

    it("a role published and edited", async () => {
      const slug = `cache-role-${unique()}`;
      const roles = await warm<{ slug: string }[]>("/api/roles");
      expect((await request(`/api/roles/${slug}`)).status).toBe(404);
      const role = (title: string) => ({
        title,
        slug,
        team: "Engineering",
        location: "London",
        employmentType: "full_time",
        summary: "Keeps answers fresh.",
        body: "About the role.",
        status: "published",
        publishAt: null,
        closesAt: null,
        displayOrder: 0,
      });
      const created = await apiOk<{ id: number }>("POST", "/api/admin/roles", role("Cache engineer"), 201);
      const listed = await changed<{ slug: string }[]>("/api/roles", roles);
      expect(listed.json.some((r) => r.slug === slug)).toBe(true);
      const one = await warm<{ title: string }>(`/api/roles/${slug}`);
      await apiOk("PUT", `/api/admin/roles/${created.id}`, role("Senior cache engineer"));
      expect((await changed<{ title: string }>(`/api/roles/${slug}`, one)).json.title).toBe("Senior cache engineer");
    });

    it("a legal document version: the document and its versions", async () => {
      const document = await warm<{ version: number; body: string }>("/api/legal-documents/privacy");
      const versions = await warm<{ version: number; changeSummary: string }[]>("/api/legal-documents/privacy/versions");
      const terms = await warm("/api/legal-documents/terms");
      const marker = `Clause ${unique()}`;
      const changeSummary = `Added ${marker}`;
      const created = await apiOk<{ version: number }>(
        "PUT",
        "/api/admin/legal-documents/privacy",
        { body: `${document.json.body}\n\n${marker}.`, effectiveDate: "2001-01-01", changeSummary },
        201,
      );
      const after = await changed<{ version: number; body: string }>("/api/legal-documents/privacy", document);
      expect(after.json.version).toBe(created.version);
      expect(after.json.body).toContain(marker);
      const listed = await changed<{ version: number; changeSummary: string }[]>("/api/legal-documents/privacy/versions", versions);
      expect(listed.json.some((v) => v.changeSummary === changeSummary)).toBe(true);
      // Another document is answered again, unchanged.
      const termsAfter = await read("/api/legal-documents/terms");
      expect(termsAfter.etag).toBe(terms.etag);
    });

    it("a scheduled post's time coming, with no write", async () => {
      const slug = `scheduled-${unique()}`;
      const publishAt = new Date(Date.now() + 3_000);
      await apiOk("POST", "/api/admin/posts", postBody(slug, "Scheduled post", { publishAt: publishAt.toISOString() }), 201);
      const list = await warm<PostPage>("/api/posts");
      expect(list.json.items.some((item) => item.slug === slug)).toBe(false);
      expect((await request(`/api/posts/${slug}`)).status).toBe(404);
      // The publishing time has to pass on the clock; then the cached list is polled until it has the post.
      await sleep(Math.max(0, publishAt.getTime() - Date.now()) + 300);
      let after = await read<PostPage>("/api/posts");
      for (let i = 0; i < 20 && !after.json.items.some((item) => item.slug === slug); i++) {
        await sleep(100);
        after = await read<PostPage>("/api/posts");
      }
      expect(after.json.items[0]?.slug).toBe(slug);
      expect(after.etag).not.toBe(list.etag);
      expect((await request(`/api/posts/${slug}`)).status).toBe(200);
    });
  });

  describe("an operator's private answer never reaches a visitor", () => {
    let hidden: MenuItem;

    /** Hides a menu item under a new label (a write: the cache is emptied). */
    async function hide(label: string): Promise<void> {
      await apiOk("PUT", `/api/admin/menu-items/${hidden.id}`, menuItemBody(hidden, { label, isActive: false }));
      hidden = { ...hidden, label, isActive: false };
    }

    function expectVisitorAnswer(answer: { status: number; headers: Record<string, unknown>; body: string }, label: string) {
      expect(answer.status).toBe(200);
      expect(String(answer.headers["cache-control"])).toMatch(/^public/);
      // The read's own Vary, and Accept-Encoding for the forms it is kept in.
      expect(answer.headers.vary).toBe("Cookie, Accept-Encoding");
      expect(answer.body).not.toContain(label);
      expect(answer.body).not.toContain(`"isActive":false`);
    }

    function expectOperatorAnswer(answer: { status: number; headers: Record<string, unknown>; body: string }, label: string) {
      expect(answer.status).toBe(200);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      expect(String(answer.headers.vary)).toMatch(/\bCookie\b/);
      expect(answer.body).toContain(label);
      expect(answeredByApp(answer.headers as Record<string, string>)).toBe(true);
    }

    const asText = (answer: Answer) => ({ status: answer.status, headers: answer.headers, body: decoded(answer).toString("utf8") });

    beforeAll(async () => {
      const all = (await (await jar.fetch(`${site}/api/menu-items`)).json()) as MenuItem[];
      hidden = all.find((item) => item.isActive && item.menuType === "header" && item.parentId === null)!;
      expect(hidden).toBeTruthy();
    });
    afterAll(async () => {
      await api("PUT", `/api/admin/menu-items/${hidden.id}`, menuItemBody(hidden, { isActive: true }));
    });

    it("operator first, then visitors", async () => {
      const label = `Hidden ${unique()}`;
      await hide(label);
      for (const acceptEncoding of [undefined, "br, gzip"]) {
        const headers: Record<string, string> = acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {};
        const operator = await request("/api/menu-items", { ...headers, Cookie: session });
        expectOperatorAnswer(asText(operator), label);
        for (const path of ["/api/menu-items", "/api/menu-items?menuType=header"]) {
          expectVisitorAnswer(asText(await request(path, headers)), label);
          expectVisitorAnswer(asText(await request(path, { ...headers, Cookie: "kestrel_consent=accepted" })), label);
        }
        expectOperatorAnswer(asText(await request("/api/menu-items?menuType=header", { ...headers, Cookie: session })), label);
      }
    });

    it("visitors first, then the operator gets the private answer, not the kept one", async () => {
      const label = `Hidden ${unique()}`;
      await hide(label);
      const visitor = await request("/api/menu-items");
      expectVisitorAnswer(asText(visitor), label);
      expectVisitorAnswer(asText(await request("/api/menu-items")), label);
      for (const method of ["GET", "HEAD"]) {
        const operator = await request("/api/menu-items", { Cookie: session, "If-None-Match": String(visitor.headers.etag) }, method);
        // Not the visitors' 304 either: the operator's list is another answer.
        expect(operator.status, method).toBe(200);
        expect(operator.headers["cache-control"]).toBe("private, no-store");
        expect(operator.headers.etag).toBeUndefined();
      }
      expectOperatorAnswer(asText(await request("/api/menu-items", { Cookie: session })), label);
      expectVisitorAnswer(asText(await request("/api/menu-items")), label);
    });

    it("however the session cookie is written (raw requests)", async () => {
      let label = `Hidden ${unique()}`;
      await hide(label);
      const visitor = () => rawGet(server.port, "/api/menu-items");
      const operatorVariants: string[][] = [
        [`Cookie: kestrel_session =${token}`],
        [`Cookie: kestrel_session\t=\t${token}`],
        [`Cookie:    kestrel_session=${token}   `],
        [`Cookie: kestrel_consent=accepted; kestrel_session=${token}; theme=dark`],
        [`Cookie: theme=dark;kestrel_session=${token};kestrel_consent=declined`],
        ["Cookie: kestrel_consent=accepted", `Cookie: kestrel_session=${token}`],
        [`Cookie: kestrel_session=${token}`, "Cookie: kestrel_consent=accepted"],
        [`cookie: KESTREL_CONSENT=1; kestrel_session="${token}"`],
      ];
      for (const [i, cookieLines] of operatorVariants.entries()) {
        // Visitor first on even rounds, operator first on odd ones (each round starts from an emptied cache).
        if (i % 2 === 0) expectVisitorAnswer(await visitor(), label);
        for (const method of ["GET", "HEAD"]) {
          const answer = await rawRequest(
            server.port,
            [`${method} /api/menu-items HTTP/1.1`, `Host: localhost:${server.port}`, ...cookieLines, "Connection: close"],
            { method },
          );
          expect(answer.status, cookieLines.join(" | ")).toBe(200);
          expect(answer.headers["cache-control"], `${method} ${cookieLines.join(" | ")}`).toBe("private, no-store");
          if (method === "GET") expectOperatorAnswer(answer, label);
        }
        expectVisitorAnswer(await visitor(), label);
        expectVisitorAnswer(await rawGet(server.port, "/api/menu-items", { Cookie: "kestrel_consent=accepted" }), label);
        label = `Hidden ${unique()}`;
        await hide(label);
      }
    });

    it("a request with any other session or toast cookie is answered by the app, never with the kept answer", async () => {
      const label = `Hidden ${unique()}`;
      await hide(label);
      expectVisitorAnswer(await rawGet(server.port, "/api/menu-items"), label);
      for (const cookie of [
        // The https name, on this http site, is not the session cookie the app reads: a visitor's list.
        `__Host-kestrel_session=${token}`,
        `kestrel_consent=accepted; __Host-kestrel_session=${token}`,
        "kestrel_session=forged",
        "kestrel_session=",
        "kestrel_toast=anything",
        `kestrel_session=forged; kestrel_session=${token}`,
      ]) {
        const answer = await rawGet(server.port, "/api/menu-items", { Cookie: cookie });
        expect(answer.status, cookie).toBe(200);
        expect(answeredByApp(answer.headers), `${cookie}: answered by the app for its asker`).toBe(true);
        expect(answer.body, cookie).not.toContain(label);
        expectVisitorAnswer(await rawGet(server.port, "/api/menu-items"), label);
      }
    });
  });

  describe("only the key counts", () => {
    const attacks: Record<string, string>[] = [
      { Host: "evil.example" },
      { Host: "evil.example:8443", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https", Forwarded: "host=evil.example;proto=https" },
      { "X-Forwarded-Host": "x/search?q=PWNED&", "X-Forwarded-Port": "1", "X-Forwarded-For": "203.0.113.9" },
      { Accept: "text/html", "User-Agent": "evil.example-bot/1.0", "Accept-Language": "fr" },
      { Cookie: "kestrel_consent=accepted; tracking=evil.example" },
      { Cookie: "kestrel_consent=declined", Origin: "https://evil.example", Referer: "https://evil.example/" },
    ];


    it("keeps nothing of the asker's: Host, forwarded headers, Accept, User-Agent and other cookies", async () => {
      const paths = ["/api/openapi.json", "/api/posts?page=2", "/api/posts", "/api/products", "/api/menu-items"];
      for (const attack of attacks) {
        await emptyTheCache();
        // The attacker asks first, so the kept answer is produced from the attacker's request.
        const attacked = new Map<string, RawResponse>();
        for (const path of paths) attacked.set(path, await rawGet(server.port, path, attack));
        for (const path of paths) {
          const label = `${path} after ${JSON.stringify(attack)}`;
          const first = attacked.get(path)!;
          const visitor = await rawGet(server.port, path);
          expect(first.status, label).toBe(200);
          expect(visitor.status, label).toBe(200);
          expect(visitor.headers.etag, label).toBe(first.headers.etag);
          expect(visitor.body, label).toBe(first.body);
          expect(visitor.headers.link, label).toBe(first.headers.link);
          for (const answer of [first, visitor]) {
            expect(answer.body, label).not.toMatch(/evil\.example|PWNED|203\.0\.113\.9/);
            expect(JSON.stringify(answer.headers), label).not.toMatch(/evil\.example|PWNED/);
          }
        }
        const openapi = JSON.parse(attacked.get("/api/openapi.json")!.body) as { servers: { url: string }[] };
        expect(openapi.servers.map((s) => s.url)).toEqual([site]);
        // Links to the neighbouring pages are paths on the site, never on the Host sent.
        const link = attacked.get("/api/posts?page=2")!.headers.link ?? "";
        expect(link).toMatch(/rel="prev"/);
        for (const [, target] of link.matchAll(/<([^>]*)>/g)) expect(target!.startsWith("/api/posts")).toBe(true);
      }
      // An absolute-form request line names another host: the document still names PUBLIC_URL.
      await emptyTheCache();
      const absolute = await rawRequest(server.port, [
        "GET http://evil.example/api/openapi.json HTTP/1.1",
        "Host: evil.example",
        "Connection: close",
      ]);
      expect(absolute.status).toBe(200);
      expect(absolute.body).not.toContain("evil.example");
      expect((JSON.parse((await rawGet(server.port, "/api/openapi.json")).body) as { servers: { url: string }[] }).servers[0]!.url).toBe(site);
    });

    it("keeps only the query strings a read takes: anything else is answered for its asker, never kept", async () => {
      for (const path of ["/api/posts?page=2&x=1", "/api/products?utm_source=mail", "/api/posts?page=2&page=3", "/api/menu-items?menuType=nav"]) {
        for (let i = 0; i < 2; i++) {
          const answer = await request(path);
          expect(answeredByApp(answer.headers), `${path}, request ${i + 1}`).toBe(true);
        }
      }
      await request("/api/posts?page=2");
      expect(answeredFromCache((await request("/api/posts?page=2")).headers)).toBe(true);
      await request("/api/menu-items?menuType=footer");
      expect(answeredFromCache((await request("/api/menu-items?menuType=footer")).headers)).toBe(true);
    });

    it("gives each query string its own answer", async () => {
      await emptyTheCache();
      const { json: first } = await read<PostPage>("/api/posts");
      expect(first.pageCount).toBeGreaterThanOrEqual(2);
      // The longer query first: the shorter must not get its answer (nor the other way round).
      const extra = await read<PostPage>("/api/posts?page=2&x=1");
      const page2 = await read<PostPage>("/api/posts?page=2");
      const page1 = await read<PostPage>("/api/posts?page=1");
      expect(extra.json.page).toBe(2);
      expect(page2.json.page).toBe(2);
      expect(page1.json.page).toBe(1);
      expect(page1.etag).not.toBe(page2.etag);
      expect(page2.answer.headers.link).toBe('</api/posts>; rel="prev"' + (first.pageCount > 2 ? ', </api/posts?page=3>; rel="next"' : ""));
      expect(extra.answer.headers.link).toMatch(/^<\/api\/posts\?x=1>; rel="prev"/);
      expect((await read("/api/posts?page=2&x=1")).answer.headers.link).toBe(extra.answer.headers.link);
      expect((await read("/api/posts?page=2")).answer.headers.link).toBe(page2.answer.headers.link);

      const past = await request(`/api/posts?page=${first.pageCount + 1}`);
      expect(past.status).toBe(404);
      expect(past.headers["cache-control"]).toBe("no-store");
      expect(JSON.parse(past.body.toString())).toEqual({ message: "No such page" });
      const bad = await request("/api/posts?page=0");
      expect(bad.status).toBe(400);

      const header = await read<MenuItem[]>("/api/menu-items?menuType=header");
      const footer = await read<MenuItem[]>("/api/menu-items?menuType=footer");
      expect(header.json.every((m) => m.menuType === "header")).toBe(true);
      expect(footer.json.every((m) => m.menuType === "footer")).toBe(true);
      expect(header.etag).not.toBe(footer.etag);
      expect((await read("/api/menu-items?menuType=header")).etag).toBe(header.etag);
      expect((await request("/api/menu-items?menuType=bogus")).status).toBe(400);
    });

    it("answers an unknown slug 404 without keeping it: a post published there later is answered", async () => {
      const slug = `later-${unique()}`;
      for (let i = 0; i < 2; i++) {
        const missing = await request(`/api/posts/${slug}`);
        expect(missing.status).toBe(404);
        expect(missing.headers["cache-control"]).toBe("no-store");
        expect(JSON.parse(missing.body.toString())).toEqual({ message: "Post not found" });
        const role = await request(`/api/roles/${slug}`);
        expect(role.status).toBe(404);
      }
      await apiOk("POST", "/api/admin/posts", postBody(slug, "Published later"), 201);
      const post = await read<{ slug: string; title: string }>(`/api/posts/${slug}`);
      expect(post.json.title).toBe("Published later");
    });

    it("never answers a POST from it", async () => {
      const products = await warm("/api/products");
      const post = await request("/api/products", { "Content-Type": "application/json", "Content-Length": "0", Origin: site }, "POST");
      expect(post.status).toBe(405);
      expect(post.headers.allow).toBe("GET, HEAD");
      expect(post.body.toString()).not.toBe(products.text);
      expect(JSON.parse(post.body.toString())).toEqual({ message: "Method not allowed" });

      const message = { name: "Ada", email: "ada@example.com", subject: "Hello", message: "A message for the JSON cache test." };
      for (let i = 0; i < 2; i++) {
        const sent = await fetch(`${server.origin}/api/contact`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: site },
          body: JSON.stringify(message),
        });
        expect(sent.status).toBe(201);
        expect(sent.headers.get("cache-control")).toBe("no-store");
        expect(await sent.json()).toEqual({ message: "Message sent" });
      }
      const get = await request("/api/contact");
      expect(get.status).toBe(405);
      expect(get.headers.allow).toBe("POST");
    });

    it("never keeps the admin API or /api/auth/user", async () => {
      const email = "admin@kestrelinsight.example";
      for (const path of [
        "/api/admin/posts",
        "/api/admin/roles?page=1",
        "/api/admin/legal-documents/privacy",
        "/api/admin/products/1/revisions",
        "/api/auth/user",
      ]) {
        for (let i = 0; i < 2; i++) {
          const operator = await request(path, { Cookie: session, "Accept-Encoding": "br, gzip" });
          expect(operator.status, path).toBe(200);
          expect(operator.headers["cache-control"], path).toMatch(/no-store/);
          expect(answeredByApp(operator.headers), path).toBe(true);
          for (const method of ["GET", "HEAD"]) {
            const visitor = await request(path, {}, method);
            expect(visitor.status, `${method} ${path}`).toBe(401);
            expect(visitor.headers["cache-control"], path).toMatch(/no-store/);
            expect(visitor.body.toString(), path).not.toContain(email);
          }
        }
      }
      const user = await read<{ email: string }>("/api/auth/user", { Cookie: session });
      expect(user.json.email).toBe(email);
      expect((await request("/api/auth/user", { Cookie: "kestrel_consent=accepted" })).status).toBe(401);
    });
  });

  describe("a change while an answer is being produced", () => {
    const origin = "http://localhost:3000";
    function answer(body: string): Response {
      return new Response(body, {
        status: 200,
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Cache-Control": "public, max-age=0, must-revalidate",
          ETag: `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
        },
      });
    }
    function gated() {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      return { gate, open };
    }

    it("answers its asker but does not keep what was produced from replaced content", async () => {
      const key = `/api/products?race=${unique()}`;
      const requests: Request[] = [];
      const old = gated();
      const producing = produceIntoCache(key, origin, async (request) => {
        requests.push(request);
        await old.gate;
        return answer('["old"]');
      });
      // A write lands while the old content is being rendered.
      clearContentCache();
      // A request after the change does not wait for the old render: it gets its own, from new content.
      const fresh = gated();
      const after = produceIntoCache(key, origin, async (request) => {
        requests.push(request);
        await fresh.gate;
        return answer('["new"]');
      });
      expect(requests).toHaveLength(2);
      fresh.open();
      expect((await after)?.body.toString()).toBe('["new"]');
      old.open();
      expect((await producing)?.body.toString()).toBe('["old"]');
      // What is kept is the new answer, although the old render finished last.
      let rendered = 0;
      const kept = await produceIntoCache(key, origin, async () => {
        rendered += 1;
        return answer('["again"]');
      });
      expect(rendered).toBe(0);
      expect(kept?.body.toString()).toBe('["new"]');
      // Each render was asked for the key alone, on the site's origin.
      for (const request of requests) {
        expect(request.method).toBe("GET");
        expect(request.url).toBe(origin + key);
        expect(request.headers.get("cookie")).toBeNull();
      }
    });

    it("keeps nothing read before a change that lands before the render returns", async () => {
      const key = `/api/hero-content?race=${unique()}`;
      let rendered = 0;
      const produced = await produceIntoCache(key, origin, async () => {
        rendered += 1;
        const body = '{"title":"old"}';
        // The content was read; a write lands before the answer is made from it.
        clearContentCache();
        return answer(body);
      });
      expect(produced?.body.toString()).toBe('{"title":"old"}');
      const next = await produceIntoCache(key, origin, async () => {
        rendered += 1;
        return answer('{"title":"new"}');
      });
      expect(rendered).toBe(2);
      expect(next?.body.toString()).toBe('{"title":"new"}');
      // Kept from then on, until the next change.
      const again = await produceIntoCache(key, origin, async () => {
        rendered += 1;
        return answer('{"title":"newer"}');
      });
      expect(rendered).toBe(2);
      expect(again?.body.toString()).toBe('{"title":"new"}');
      clearContentCache();
      expect((await produceIntoCache(key, origin, async () => answer('{"title":"newest"}')))?.body.toString()).toBe('{"title":"newest"}');
    });
  });
});
