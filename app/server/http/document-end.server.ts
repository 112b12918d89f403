import { Transform, type TransformCallback } from "node:stream";

const CLOSING = Buffer.from("</body></html>");

/**
 * Keeps a streamed document valid HTML. Remix renders its single-fetch data scripts
 * (`window.__remixContext.streamController…`) as a sibling of the document, so React writes them after
 * `</html>`, where the HTML parser has to recover from "stray" tags. This passes everything through as it
 * comes, but holds back the document's closing `</body></html>` and writes it last, so the scripts end
 * up inside the body, where browsers put them anyway.
 */
export function closingTagsLast(): Transform {
  let held = false;
  let tail = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
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
