import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflateParts, gzipChunks, splitAt, type GzipTemplate } from "~/server/http/gzip-splice.server";

/** The gzip-encoded page as one buffer: what a visitor receives, chunk after chunk. */
const gzipWithSeparator = (template: GzipTemplate, separator: string) =>
  Buffer.concat(gzipChunks(template, separator));

/** A page's parts as the page cache keeps them: UTF-8, each deflated. */
async function gzipTemplate(parts: string[], level = 9): Promise<GzipTemplate> {
  const raw = parts.map((part) => Buffer.from(part, "utf8"));
  return { parts: raw, deflated: await deflateParts(raw, level) };
}

describe("gzip of a cached page with a per-response nonce", () => {
  it("decompresses to exactly the page with the nonce in every place", async () => {
    const page = `<html><script nonce="@">a()</script>${"é and text ".repeat(5000)}<script nonce="@">b()</script></html>`;
    const template = await gzipTemplate(page.split("@"));
    for (const nonce of ["abcDEF123+/=", "ZZZZZZZZZZZZZZZZZZZZZZ=="]) {
      const body = gzipWithSeparator(template, nonce);
      expect(gunzipSync(body).toString("utf8")).toBe(page.split("@").join(nonce));
      expect(body.length).toBeLessThan(page.length / 10);
    }
  });

  it("keeps every part whole: many nonces, empty parts, and parts whose output spans many zlib chunks", async () => {
    const noise = randomBytes(100_000).toString("base64");
    const parts = [
      "<html>",
      "",
      noise,
      ...Array.from({ length: 20 }, (_, i) => `<p>${i}</p>`),
      noise.slice(7),
      "",
    ];
    const template = await gzipTemplate(parts, 4);
    expect(template.deflated).toHaveLength(parts.length);
    expect(gunzipSync(gzipWithSeparator(template, "N0nce")).toString("utf8")).toBe(parts.join("N0nce"));
  });

  it("handles a page with no nonce at all", async () => {
    const template = await gzipTemplate(["<p>plain</p>"]);
    expect(gunzipSync(gzipWithSeparator(template, "x")).toString()).toBe("<p>plain</p>");
  });
});

describe("a rendered page cut at its nonce marker, as bytes", () => {
  it("gives the same parts as splitting the text, multi-byte characters and empty parts included", () => {
    for (const page of ["<p>é</p>@<p>→</p>@@end", "@", "no marker", "", "@£@"]) {
      const parts = splitAt(Buffer.from(page), Buffer.from("@"));
      expect(parts.map((part) => part.toString("utf8"))).toEqual(page.split("@"));
    }
  });
});
