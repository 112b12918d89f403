import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

/**
 * Writes `name.br` (quality 11) and `name.gz` (level 9) beside every compressible client asset once the
 * client build is written, so the server sends the smallest encoding a browser accepts without
 * compressing per request (app/server/http/precompressed-assets.server.ts).
 */
export function precompressAssets(): Plugin {
  return {
    name: "kestrel-precompress-assets",
    apply: "build",
    async writeBundle(options, bundle) {
      if (!options.dir || path.basename(options.dir) !== "client") return;
      // Nothing under a dot-folder (Vite's .vite/manifest.json) is for browsers: it is neither copied nor served.
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file) && !/(^|\/)\./.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(options.dir!, file);
          const source = await fs.readFile(full);
          if (source.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gzipAsync(source, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${full}.br`, br), fs.writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}
