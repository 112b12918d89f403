import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { negotiateEncoding, type ContentCoding } from "~/server/http/accept-encoding.server";

const SUFFIX: Record<ContentCoding, string> = { br: ".br", gzip: ".gz" };

/**
 * Serves the build's precompressed copy of an asset (scripts/precompress-assets.ts) when the browser
 * accepts it: Brotli first, then gzip. Anything else falls through to express.static, which serves the
 * file itself (and compression() compresses it then). Only names the build wrote are looked up.
 */
export function precompressedAssets(directory: string, maxAge: string): RequestHandler {
  const root = path.resolve(directory);
  const available = new Set(fs.existsSync(root) ? fs.readdirSync(root) : []);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (name.includes("/") || !available.has(name)) return next();
    const codings = (["br", "gzip"] as const).filter((coding) => available.has(name + SUFFIX[coding]));
    const encoding = negotiateEncoding(req.headers["accept-encoding"], codings);
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", encoding);
    res.sendFile(path.join(root, name + SUFFIX[encoding]), { immutable: true, maxAge, dotfiles: "deny" }, (error) => {
      if (error) next(error);
    });
  };
}
