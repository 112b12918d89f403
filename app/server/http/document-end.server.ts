import { Transform, Writable, type TransformCallback } from "node:stream";

const CLOSING = Buffer.from("</body></html>");

/** The size of the buffer React 18's Node renderer fills before writing it out. */
const REACT_VIEW_SIZE = 2048;

/**
 * React 18.3's streaming renderer writes its whole 2048-byte buffer when the next character does not fit
 * in what is left of it (a multi-byte character such as "→" or "é" at the boundary), so the unfilled 1 to
 * 3 bytes go out as NUL bytes in the middle of the page (react#31134, fixed only in React 19, which Remix 2
 * cannot use). Such a chunk is exactly the buffer's size and ends in zeros; React never writes a NUL
 * itself there, since HTML has none.
 */
function withoutReactPadding(chunk: Buffer): Buffer {
  if (chunk.length !== REACT_VIEW_SIZE || chunk[chunk.length - 1] !== 0) return chunk;
  let end = chunk.length;
  while (end > chunk.length - 3 && chunk[end - 1] === 0) end--;
  return chunk.subarray(0, end);
}

/**
 * Keeps a streamed document valid HTML. Remix renders its single-fetch data scripts
 * (`window.__remixContext.streamController…`) as a sibling of the document, so React writes them after
 * `</html>`, where the HTML parser has to recover from "stray" tags. This passes everything through as it
 * comes, but holds back the document's closing `</body></html>` and writes it last, so the scripts end
 * up inside the body, where browsers put them anyway. It also drops the NUL padding React 18 leaves.
 */
export function closingTagsLast(): Transform {
  let held = false;
  let tail = Buffer.alloc(0);
  return new Transform({
    transform(written: Buffer, _encoding, callback: TransformCallback) {
      const chunk = withoutReactPadding(written);
      if (held) return callback(null, chunk);
      // A marker split across chunks is found by keeping the last few bytes back until the next chunk.
      const data = Buffer.concat([tail, chunk]);
      const at = data.indexOf(CLOSING);
      if (at !== -1) {
        held = true;
        tail = Buffer.alloc(0);
        return callback(null, Buffer.concat([data.subarray(0, at), data.subarray(at + CLOSING.length)]));
      }
      const keep = Math.min(data.length, CLOSING.length - 1);
      tail = data.subarray(data.length - keep);
      callback(null, data.subarray(0, data.length - keep));
    },
    flush(callback: TransformCallback) {
      callback(null, held ? CLOSING : tail);
    },
  });
}

/**
 * A document rendered whole rather than streamed (for the page cache, where nobody waits on its first bytes):
 * React's chunks collected into one buffer, with the same two repairs as `closingTagsLast`. Copied once, at the
 * end, rather than passed chunk by chunk through a transform and a web stream.
 */
export function wholeDocument(): { sink: Writable; done: Promise<Buffer> } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(withoutReactPadding(chunk));
      callback();
    },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    sink.once("finish", () => {
      const document = Buffer.concat(chunks);
      const at = document.indexOf(CLOSING);
      resolve(
        at === -1
          ? document
          : Buffer.concat([document.subarray(0, at), document.subarray(at + CLOSING.length), CLOSING]),
      );
    });
    sink.once("error", reject);
  });
  return { sink, done };
}
