import fs from "node:fs";
import path from "node:path";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { WHITEPAPER_FILENAME, WHITEPAPER_VIEW_PATH } from "~/utils/whitepaper";

/** The built copy (production) or the committed file (development, tests). */
function whitepaperFile(): string | null {
  const name = WHITEPAPER_VIEW_PATH.replace(/^\//, "");
  const candidates = [path.resolve(process.env.BUILD_DIR ?? "build", "client", name), path.resolve("public", name)];
  return candidates.find((file) => fs.existsSync(file)) ?? null;
}

/**
 * "Download PDF": the whitepaper as an attachment, so the browser saves it. "View in browser" links to
 * the static /whitepaper.pdf, which browsers show inline.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const file = whitepaperFile();
  if (!file) throw new Response("Not Found", { status: 404 });
  const { size, mtime } = await fs.promises.stat(file);
  const headers = {
    "Content-Type": "application/pdf",
    "Content-Length": String(size),
    "Content-Disposition": `attachment; filename="${WHITEPAPER_FILENAME}"`,
    "Last-Modified": mtime.toUTCString(),
    "Cache-Control": "public, max-age=3600",
  };
  if (request.method === "HEAD") return new Response(null, { headers });
  const stream = createReadableStreamFromReadable(fs.createReadStream(file));
  return new Response(stream, { headers });
}
