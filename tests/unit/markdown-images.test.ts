import { describe, expect, it } from "vitest";
import { MAX_MEDIA_LOOKUPS, mediaHashesIn, renderMarkdown } from "~/server/site/markdown.server";

const HASH = "0123456789abcdef0123456789abcdef";
const OTHER = "fedcba9876543210fedcba9876543210";
const sizes = new Map([[HASH, { width: 2400, height: 1600 }]]);

describe("inline images", () => {
  it("gives a library image its width and height from the stored proportions, lazy and async", () => {
    const html = renderMarkdown(`![A chart](/media/${HASH}/800)`, { mediaSizes: sizes });
    expect(html).toContain(`<img src="/media/${HASH}/800" alt="A chart" width="800" height="533" loading="lazy" decoding="async">`);
  });

  it("reads the width from an address with a format's extension", () => {
    expect(renderMarkdown(`![x](/media/${HASH}/1200.webp)`, { mediaSizes: sizes })).toContain('width="1200" height="800"');
  });

  it("leaves external images and unknown library images without a size (nothing to measure them by)", () => {
    const html = renderMarkdown(`![a](https://example.com/a.png)\n\n![b](/media/${OTHER}/800)`, { mediaSizes: sizes });
    expect(html).not.toContain("width=");
    expect(html).not.toContain("height=");
    expect(html.match(/loading="lazy" decoding="async"/g)).toHaveLength(2);
  });

  it("finds the library images a source names, each once, and at most MAX_MEDIA_LOOKUPS", () => {
    expect(mediaHashesIn(`![a](/media/${HASH}/800) ![b](/media/${HASH}/400.jpg) [c](/media/${OTHER}/1)`)).toEqual([HASH, OTHER]);
    const many = Array.from({ length: MAX_MEDIA_LOOKUPS + 50 }, (_, i) => `![x](/media/${i.toString(16).padStart(32, "0")}/10)`).join("\n");
    expect(mediaHashesIn(many)).toHaveLength(MAX_MEDIA_LOOKUPS);
  });
});
