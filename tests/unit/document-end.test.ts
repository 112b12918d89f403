import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { closingTagsLast } from "~/server/http/document-end.server";

async function through(chunks: string[]): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks.map((c) => Buffer.from(c))).pipe(closingTagsLast());
  for await (const chunk of stream) out.push(chunk as Buffer);
  return Buffer.concat(out).toString();
}

describe("the document's closing tags", () => {
  it("go after what Remix streams past them, however the chunks fall", async () => {
    const document = "<!DOCTYPE html><html><head></head><body><p>Hi</p></body></html><script>late()</script><!--$--><script>close()</script><!--/$-->";
    const expected = "<!DOCTYPE html><html><head></head><body><p>Hi</p><script>late()</script><!--$--><script>close()</script><!--/$--></body></html>";
    expect(await through([document])).toBe(expected);
    for (let cut = 1; cut < document.length; cut += 7) {
      expect(await through([document.slice(0, cut), document.slice(cut)])).toBe(expected);
    }
    expect(await through([...document])).toBe(expected);
  });

  it("leave a document without them as it is", async () => {
    expect(await through(["<p>a fragment", "</p>"])).toBe("<p>a fragment</p>");
  });
});
