/**
 * How an approval keeps the pages visitors are sent (issue 42): the running server registers a renderer
 * that answers a signed-out GET of a public path through the same Remix handler visitors reach
 * (app/server/http/remix-handler.server.ts). Without one (a script, a test that did not set one) there is
 * nothing to keep, and an approval says so rather than keeping an invented page.
 */

export type PublicPageRenderer = (path: string) => Promise<string>;

let renderer: PublicPageRenderer | null = null;

export function setPublicPageRenderer(render: PublicPageRenderer | null): void {
  renderer = render;
}

export class NoPageRenderer extends Error {
  constructor() {
    super("No public page renderer is registered: the pages of an approval cannot be kept");
  }
}

/** Each path's HTML as a signed-out visitor is sent it now. */
export async function renderPublicPages(paths: readonly string[]): Promise<{ path: string; html: string }[]> {
  if (!renderer) throw new NoPageRenderer();
  const render = renderer;
  const pages: { path: string; html: string }[] = [];
  for (const path of paths) pages.push({ path, html: await render(path) });
  return pages;
}
