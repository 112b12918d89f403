import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { closingTagsLast, wholeBodyOf, wholeDocument, wholeResponse } from "~/server/http/document-end.server";

async function through(chunks: string[]): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks.map((c) => Buffer.from(c))).pipe(closingTagsLast());
  for await (const chunk of stream) out.push(chunk as Buffer);
  const streamed = Buffer.concat(out).toString();
  // The page cache's whole render makes the same document from the same chunks.
  expect((await collected(chunks.map((c) => Buffer.from(c)))).toString()).toBe(streamed);
  return streamed;
}

/** What a render for the page cache stores: React's chunks collected whole. */
async function collected(chunks: Buffer[]): Promise<Buffer> {
  const { sink, done } = wholeDocument();
  Readable.from(chunks).pipe(sink);
  return done;
}

describe("the document's closing tags", () => {
  it("go after what Remix streams past them, however the chunks fall", async () => {
    const document =
      "<!DOCTYPE html><html><head></head><body><p>Hi</p></body></html><script>late()</script><!--$--><script>close()</script><!--/$-->";
    const expected =
      "<!DOCTYPE html><html><head></head><body><p>Hi</p><script>late()</script><!--$--><script>close()</script><!--/$--></body></html>";
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

describe("multi-byte characters at React's buffer boundaries", () => {
  // React 18.3 writes its whole 2,048-byte buffer when the next character does not fit in what is left;
  // a "→" (3 bytes) with 2 bytes left leaves 2 zero bytes at the end of the buffer (react#31134).
  const padded = (text: string, padding: number) => {
    const view = new Uint8Array(2048);
    view.set(Buffer.from(text.padEnd(2048 - padding, "a")));
    return Buffer.from(view);
  };

  async function streamed(chunks: Buffer[]): Promise<Buffer> {
    const out: Buffer[] = [];
    for await (const chunk of Readable.from(chunks).pipe(closingTagsLast())) out.push(chunk as Buffer);
    const page = Buffer.concat(out);
    expect(await collected(chunks)).toEqual(page);
    return page;
  }

  it("stream without the NUL bytes React 18 pads its buffer with", async () => {
    for (const padding of [1, 2, 3]) {
      const page = await streamed([padded("<p>/old-page ", padding), Buffer.from("→ /about</p>")]);
      expect(page.indexOf(0), `${padding} byte(s) of padding`).toBe(-1);
      expect(page.toString("utf8")).toMatch(/a→ \/about<\/p>$/);
    }
  });

  it("leave every other chunk as it came", async () => {
    const short = Buffer.from([0x3c, 0x70, 0x3e, 0x00]);
    expect(await streamed([short])).toEqual(short);
  });
});

describe("a streamed flush", () => {
  it("reaches the socket as one chunk for what React wrote in one turn, and the next turn's as another", async () => {
    const stream = closingTagsLast();
    const arrived: string[] = [];
    stream.on("data", (chunk: Buffer) => arrived.push(chunk.toString()));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    for (const part of ["<!DOCTYPE html><html><body>", "<p>one</p>", "<p>two</p>"]) stream.write(part);
    await new Promise((resolve) => setImmediate(resolve));
    stream.write("<p>three</p></body></html>");
    stream.write("<script>late()</script>");
    stream.end();
    await ended;
    expect(arrived.join("")).toBe(
      "<!DOCTYPE html><html><body><p>one</p><p>two</p><p>three</p><script>late()</script></body></html>",
    );
    // The first turn's three writes, less the few bytes kept back in case they begin the closing tags.
    expect(arrived[0]).toBe("<!DOCTYPE html><html><body><p>one<");
    expect(arrived).toHaveLength(3);
  });
});

describe("a document rendered whole", () => {
  it("is read by the page cache as the rendered buffer itself, and by anyone else as an ordinary body", async () => {
    const document = await collected([Buffer.from("<html><body><p>Kept</p></body></html><script>data()</script>")]);
    const response = wholeResponse(document, { status: 200, headers: { "Content-Type": "text/html" } });
    expect(await wholeBodyOf(response)).toBe(document);
    expect(await response.text()).toBe("<html><body><p>Kept</p><script>data()</script></body></html>");
    // Any other answer is read from its body.
    const other = new Response("{}", { headers: { "Content-Type": "application/json" } });
    expect((await wholeBodyOf(other)).toString()).toBe("{}");
  });

  it("does not close its sink, so React's second end of it finds nothing to report", async () => {
    const { sink, done } = wholeDocument();
    let closed = false;
    sink.on("close", () => (closed = true));
    sink.end(Buffer.from("<p>x</p>"));
    await done;
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
  });
});
