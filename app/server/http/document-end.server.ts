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
 *
 * React writes a flush as many 2 KB buffers one after another in the same turn of the event loop; they are
 * passed on as one chunk at the end of that turn, so a page goes to the socket (and through the compression
 * middleware's flush) in a few writes rather than dozens, without holding anything back for longer.
 */
export function closingTagsLast(): Transform {
  let held = false;
  let tail: Buffer = Buffer.alloc(0);
  let waiting: Buffer[] = [];
  let scheduled = false;
  const passOn = () => {
    scheduled = false;
    if (waiting.length === 0) return;
    const chunk = waiting.length === 1 ? waiting[0]! : Buffer.concat(waiting);
    waiting = [];
    stream.push(chunk);
  };
  const later = (chunk: Buffer) => {
    if (chunk.length === 0) return;
    waiting.push(chunk);
    if (!scheduled) {
      scheduled = true;
      setImmediate(passOn);
    }
  };
  const stream = new Transform({
    transform(written: Buffer, _encoding, callback: TransformCallback) {
      const chunk = withoutReactPadding(written);
      if (held) {
        later(chunk);
        return callback();
      }
      // A marker split across chunks is found by keeping the last few bytes back until the next chunk.
      const data = tail.length === 0 ? chunk : Buffer.concat([tail, chunk]);
      const at = data.indexOf(CLOSING);
      if (at !== -1) {
        held = true;
        tail = Buffer.alloc(0);
        later(data.subarray(0, at));
        later(data.subarray(at + CLOSING.length));
        return callback();
      }
      const keep = Math.min(data.length, CLOSING.length - 1);
      tail = data.subarray(data.length - keep);
      later(data.subarray(0, data.length - keep));
      callback();
    },
    flush(callback: TransformCallback) {
      passOn();
      callback(null, held ? CLOSING : tail);
    },
  });
  return stream;
}

/**
 * A document rendered whole rather than streamed (for the page cache, where nobody waits on its first bytes):
 * React's chunks collected into one buffer, with the same two repairs as `closingTagsLast`. Copied once, at the
 * end, rather than passed chunk by chunk through a transform and a web stream.
 *
 * The sink emits no "close": React ends its destination when it finishes and ends it again when the
 * destination closes, and that second end builds a Node error (with its stack) that nobody reads.
 */
export function wholeDocument(): { sink: Writable; done: Promise<Buffer> } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    emitClose: false,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(withoutReactPadding(chunk));
      callback();
    },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    sink.once("finish", () => {
      const document = Buffer.concat(chunks);
      const at = document.indexOf(CLOSING);
      if (at !== -1) {
        // The data scripts move up over the closing tags, which go to the end: in place, no second copy.
        document.copyWithin(at, at + CLOSING.length);
        CLOSING.copy(document, document.length - CLOSING.length);
      }
      resolve(document);
    });
    sink.once("error", reject);
  });
  return { sink, done };
}

const wholeBodies = new WeakMap<Response, Buffer>();

/**
 * The answer for a document rendered whole. Its body can be read like any other, but the page cache takes
 * the rendered buffer itself (`wholeBodyOf`): every copy of a page (a Response copies its bytes, and reading
 * them back copies them again) is memory outside V8's heap, whose growth is what starts a full collection
 * under load (`--trace-gc-verbose`: each mark-compact came as the external memory reached ~50 MB).
 */
export function wholeResponse(document: Buffer, init: ResponseInit): Response {
  const response = new Response(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(document);
        controller.close();
      },
    }),
    init,
  );
  wholeBodies.set(response, document);
  return response;
}

/** A rendered answer's body, whole: the buffer itself for `wholeResponse`'s, read from the stream otherwise. */
export async function wholeBodyOf(response: Response): Promise<Buffer> {
  return wholeBodies.get(response) ?? Buffer.from(await response.arrayBuffer());
}
