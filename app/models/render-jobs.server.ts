import { headingLevelSkips, renderMarkdown } from "~/server/site/markdown.server";
import { renderPost, renderRole } from "./rendered-bodies.server";

/**
 * The Markdown renders a write or an editor's preview needs, by name: what the render worker runs
 * (app/server/site/render-off-thread.server.ts), and what runs in the thread itself where there is no worker
 * (development, tests). Each is pure: its arguments in, the HTML and text out, nothing read from the
 * process (the site's origin is an argument, never the worker's own configuration).
 */
export const RENDER_JOBS = {
  post: (
    record: Parameters<typeof renderPost>[0],
    siteOrigin: string,
    mediaSizes: Parameters<typeof renderPost>[2],
  ) => renderPost(record, siteOrigin, mediaSizes),
  role: (
    record: Parameters<typeof renderRole>[0],
    siteOrigin: string,
    mediaSizes: Parameters<typeof renderRole>[2],
  ) => renderRole(record, siteOrigin, mediaSizes),
  /** An editor's preview: the body as its page will show it, and the headings that skip a level. */
  preview: (source: string, options: Parameters<typeof renderMarkdown>[1]) => ({
    html: renderMarkdown(source, options),
    headingSkips: headingLevelSkips(source),
  }),
  headingSkips: (source: string) => headingLevelSkips(source),
};

export type RenderJobName = keyof typeof RENDER_JOBS;
export type RenderJobArgs<N extends RenderJobName> = Parameters<(typeof RENDER_JOBS)[N]>;
export type RenderJobResult<N extends RenderJobName> = ReturnType<(typeof RENDER_JOBS)[N]>;

export function runRenderJob<N extends RenderJobName>(name: N, args: RenderJobArgs<N>): RenderJobResult<N> {
  const job = RENDER_JOBS[name] as unknown as (...jobArgs: RenderJobArgs<N>) => RenderJobResult<N>;
  return job(...args);
}
