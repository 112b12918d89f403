import type { IncomingMessage } from "node:http";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  BODY_LIMIT_BYTES,
  bodyLimitFor,
  MEDIA_UPLOAD_LIMIT,
  readLimitedBody,
  type BodyResult,
  type OverLimitReader,
} from "~/server/http/body-limit.server";

describe("how much a write may send", () => {
  it("lets the publishing editors and their API send a long post or policy", () => {
    for (const path of ["/admin/careers/new", "/admin/legal/privacy", "/api/admin/posts", "/api/admin/roles/2", "/api/admin/legal-documents/terms", "/api/admin/markdown/preview"]) {
      expect(bodyLimitFor(path), path).toBe(1024 * 1024);
    }
  });

  it("lets the post editors take a long post with a cover image uploaded from its picker", () => {
    for (const path of ["/admin/news/new", "/admin/news/3/edit"]) expect(bodyLimitFor(path), path).toBe(MEDIA_UPLOAD_LIMIT + 1024 * 1024);
    for (const path of ["/admin/news/3/delete", "/admin/news/x/edit", "/admin/news/new/x"]) expect(bodyLimitFor(path), path).toBeLessThanOrEqual(1024 * 1024);
  });

  it("lets only the media library's upload addresses take an image of up to 10 MB", () => {
    for (const path of ["/admin/media", "/api/admin/media"]) expect(bodyLimitFor(path), path).toBe(MEDIA_UPLOAD_LIMIT);
    expect(MEDIA_UPLOAD_LIMIT).toBeGreaterThan(10 * 1024 * 1024);
    expect(MEDIA_UPLOAD_LIMIT).toBeLessThan(11 * 1024 * 1024);
    for (const path of ["/admin/media/3", "/admin/media/3/delete", "/api/admin/media/3", "/admin/mediax", "/media"]) {
      expect(bodyLimitFor(path), path).toBe(BODY_LIMIT_BYTES);
    }
  });

  it("keeps every other address at 64 KB, including look-alikes", () => {
    for (const path of ["/contact", "/api/contact", "/admin/products/new", "/admin/newsletter", "/api/admin/postsx", "/admin/legalese", "/newsroom"]) {
      expect(bodyLimitFor(path), path).toBe(BODY_LIMIT_BYTES);
    }
    expect(bodyLimitFor("/admin/redirects/import")).toBe(1024 * 1024);
  });
});

describe("reading a body over its limit", () => {
  /** A request body arriving in these chunks; `open` leaves it unfinished (a client still sending). */
  function body(chunks: number[], { declared, open = false }: { declared?: number; open?: boolean } = {}) {
    const stream = new PassThrough() as PassThrough & { headers: Record<string, string> };
    stream.headers = declared === undefined ? {} : { "content-length": String(declared) };
    for (const size of chunks) stream.write(Buffer.alloc(size, 1));
    if (!open) stream.end();
    return stream as unknown as IncomingMessage & PassThrough;
  }

  function recorder(result: BodyResult = { ok: true, body: Buffer.from("form") }) {
    const seen = { received: 0, pushed: 0, aborted: false };
    const overLimit = (received: Buffer[]): OverLimitReader => {
      seen.received = received.reduce((sum, chunk) => sum + chunk.length, 0);
      return { push: (chunk) => void (seen.pushed += chunk.length), end: async () => result, abort: () => void (seen.aborted = true) };
    };
    return { seen, overLimit };
  }

  it("keeps a body within the limit whole", async () => {
    expect(await readLimitedBody(body([40, 60]), 100)).toEqual({ ok: true, body: Buffer.alloc(100, 1) });
  });

  it("is too large as soon as it passes the limit, the rest left for the answer to read on (it has not ended)", async () => {
    expect(await readLimitedBody(body([80, 80], { open: true }), 100)).toEqual({ ok: false, reason: "too_large", rest: "unread" });
    expect(await readLimitedBody(body([], { declared: 101, open: true }), 100)).toEqual({ ok: false, reason: "too_large", rest: "unread" });
  });

  it("hands the rest to a reader that answers after the whole body, and takes its answer", async () => {
    const { seen, overLimit } = recorder();
    expect(await readLimitedBody(body([80, 80, 80]), 100, { overLimit, lingerBytes: 1000 })).toEqual({ ok: true, body: Buffer.from("form") });
    expect(seen).toEqual({ received: 80, pushed: 160, aborted: false });
  });

  it("stops reading at the linger bound, whatever the reader would say", async () => {
    const { seen, overLimit } = recorder();
    const result = await readLimitedBody(body([80, 80, 80, 80], { open: true }), 100, { overLimit, lingerBytes: 150 });
    expect(result).toEqual({ ok: false, reason: "too_large", rest: "past_bounds" });
    expect(seen.aborted).toBe(true);
    expect(seen.pushed).toBeLessThanOrEqual(160);
  });

  it("refuses before reading a body declared past even the linger bound", async () => {
    const { seen, overLimit } = recorder();
    const result = await readLimitedBody(body([], { declared: 251, open: true }), 100, { overLimit, lingerBytes: 150 });
    expect(result).toEqual({ ok: false, reason: "too_large", rest: "unread" });
    expect(seen.received + seen.pushed).toBe(0);
  });
});
