import { describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES, bodyLimitFor, MEDIA_UPLOAD_LIMIT } from "~/server/http/body-limit.server";

describe("how much a write may send", () => {
  it("lets the publishing editors and their API send a long post or policy", () => {
    for (const path of ["/admin/news/new", "/admin/news/3/edit", "/admin/careers/new", "/admin/legal/privacy", "/api/admin/posts", "/api/admin/roles/2", "/api/admin/legal-documents/terms"]) {
      expect(bodyLimitFor(path), path).toBe(1024 * 1024);
    }
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
