import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** Whether an Accept-Encoding header allows `encoding` (present, and not refused with q=0). */
export function accepts(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name !== encoding && name !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

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
    const header = req.headers["accept-encoding"];
    const encoding = ENCODINGS.find((candidate) => available.has(name + candidate.suffix) && accepts(header, candidate.name));
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", encoding.name);
    res.sendFile(path.join(root, name + encoding.suffix), { immutable: true, maxAge, dotfiles: "deny" }, (error) => {
      if (error) next(error);
    });
  };
}
