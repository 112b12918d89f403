/**
 * HTML that app/server/site/markdown.server.ts rendered (raw HTML off, links allow-listed) and a loader
 * passed down as a string. Nothing else may be given to it: it is inserted as is.
 */
export function RenderedMarkdown({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The site's bulleted list (an accent dot before each item) and links, for rendered Markdown. */
export const MARKDOWN_LIST_CLASS =
  "[&_ul]:grid [&_ul]:gap-3 [&_ul>li]:relative [&_ul>li]:pl-[1.125rem] [&_ul>li]:before:absolute [&_ul>li]:before:top-2.5 [&_ul>li]:before:left-0 [&_ul>li]:before:size-1.5 [&_ul>li]:before:rounded-full [&_ul>li]:before:bg-accent-600 [&_ol]:grid [&_ol]:list-decimal [&_ol]:gap-3 [&_ol]:pl-5 [&_a]:font-medium [&_a]:text-accent-700 [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-accent-800 [&_strong]:font-semibold [&_strong]:text-navy-900 [&_code]:rounded [&_code]:bg-navy-50 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-sm";
