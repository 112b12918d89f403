import { constants, crc32, createDeflateRaw, type ZlibOptions } from "node:zlib";

/**
 * Gzip for cached pages whose bytes differ per response only by the CSP nonce. Each fixed part is
 * deflated once, ending on a full flush (byte-aligned, no back-references across the boundary); a
 * response joins the parts with the nonce as an uncompressed deflate block between them, then a final
 * empty block and the gzip trailer. The cost per response is a CRC over the page, not a compression.
 */

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** BFINAL=1, BTYPE=stored, LEN=0, NLEN=0xffff: ends the deflate stream. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

export interface GzipTemplate {
  parts: Buffer[];
  deflated: Buffer[];
}

/**
 * Each part of a page deflated, in libuv's thread pool: a page stored for the first time (a new search) costs the thread that
 * answers requests next to nothing. One deflate stream per page, flushed (Z_FULL_FLUSH) after each part: a
 * stream per part set up and tore down zlib's state once per nonce, which cost the request thread 7 % of a
 * search under load. The readable side may hold a whole page, so a part's flush is never held back waiting
 * for its output to be read.
 */
export async function deflateParts(raw: Buffer[], level: number): Promise<Buffer[]> {
  // zlib hands its options on to the stream it is (Node's types leave the stream's own options out).
  const deflate = createDeflateRaw({ level, readableHighWaterMark: 2 ** 30 } as ZlibOptions);
  const deflated: Buffer[] = [];
  try {
    for (const part of raw) {
      deflate.write(part);
      await new Promise<void>((resolve, reject) =>
        deflate.flush(constants.Z_FULL_FLUSH, () => (deflate.errored ? reject(deflate.errored) : resolve())),
      );
      const out: Buffer[] = [];
      for (let chunk: Buffer | null; (chunk = deflate.read() as Buffer | null) !== null;) out.push(chunk);
      deflated.push(Buffer.concat(out));
    }
  } finally {
    deflate.close();
  }
  return deflated;
}

function storedBlock(data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = 0x00; // BFINAL=0, BTYPE=stored; the stream is byte-aligned after a full flush
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([header, data]);
}

/**
 * The gzip-encoded page with `separator` (the nonce, ASCII) between its parts, as the chunks to write in order
 * (no copy of the page).
 */
export function gzipChunks(template: GzipTemplate, separator: string): Buffer[] {
  const sep = Buffer.from(separator, "latin1");
  const sepBlock = storedBlock(sep);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  template.parts.forEach((part, i) => {
    if (i > 0) {
      chunks.push(sepBlock);
      crc = crc32(sep, crc);
      size += sep.length;
    }
    chunks.push(template.deflated[i]!);
    crc = crc32(part, crc);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_EMPTY_BLOCK, trailer);
  return chunks;
}

/** `bytes` cut at every occurrence of `separator`, which is left out (String.prototype.split, for bytes). */
export function splitAt(bytes: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(separator); at !== -1; at = bytes.indexOf(separator, from)) {
    parts.push(bytes.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(bytes.subarray(from));
  return parts;
}
