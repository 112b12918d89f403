import { createContext, useContext, useState } from "react";

/**
 * HTML that app/server/site/markdown.server.ts rendered (raw HTML off, links allow-listed) and a loader
 * passed down as a string. Nothing else may be given to it: it is inserted as is.
 */
export function RenderedMarkdown({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** On the server, the stored HTML loaders kept out of a document's data (`htmlOnce`), by key. */
export const MarkupOnlyContext = createContext<ReadonlyMap<string, string> | undefined>(undefined);

/**
 * A post's or role's stored body, sent once. `html` is null when the page was loaded as a document: the server
 * renders it from beside the data, and the browser, hydrating, keeps what the page already shows. A client-side
 * navigation's data carries it.
 */
export function StoredBody({
  html,
  markupKey,
  className,
}: {
  html: string | null;
  markupKey: string;
  className?: string;
}) {
  const beside = useContext(MarkupOnlyContext);
  const [onPage] = useState(() =>
    html === null && typeof document !== "undefined"
      ? (document.querySelector(`[data-stored-body="${markupKey}"]`)?.innerHTML ?? "")
      : "",
  );
  return (
    <div
      data-stored-body={markupKey}
      className={className}
      dangerouslySetInnerHTML={{ __html: html ?? beside?.get(markupKey) ?? onPage }}
    />
  );
}

/** The site's bulleted list (an accent dot before each item) and links, for rendered Markdown. */
export const MARKDOWN_LIST_CLASS =
  "[&_ul]:grid [&_ul]:gap-3 [&_ul>li]:relative [&_ul>li]:pl-[1.125rem] [&_ul>li]:before:absolute [&_ul>li]:before:top-2.5 [&_ul>li]:before:left-0 [&_ul>li]:before:size-1.5 [&_ul>li]:before:rounded-full [&_ul>li]:before:bg-accent-600 [&_ol]:grid [&_ol]:list-decimal [&_ol]:gap-3 [&_ol]:pl-5 [&_a]:font-medium [&_a]:text-accent-700 [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-accent-800 [&_strong]:font-semibold [&_strong]:text-navy-900 [&_code]:rounded [&_code]:bg-navy-50 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-sm";

/** A post's body on its page (and in the editor's preview). */
export const POST_PROSE = [
  "text-base leading-7 text-navy-700 break-words [&>*+*]:mt-5",
  "[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-heading [&_h2]:font-semibold [&_h2]:text-navy-950",
  "[&_h3]:mt-10 [&_h3]:scroll-mt-24 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:tracking-tight [&_h3]:text-navy-950",
  "[&_h4]:mt-8 [&_h4]:font-semibold [&_h4]:text-navy-950 [&_h5]:font-semibold [&_h6]:font-semibold",
  "[&_a]:rounded-sm [&_a]:font-medium [&_a]:text-accent-700 [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-accent-800",
  "[&_strong]:font-semibold [&_strong]:text-navy-900",
  "[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2 [&_li::marker]:text-accent-700",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-accent-500 [&_blockquote]:pl-5 [&_blockquote]:text-navy-800 [&_blockquote]:italic",
  "[&_code]:rounded [&_code]:bg-navy-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm [&_code]:text-navy-900",
  "[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-navy-950 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:text-navy-50",
  "[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit",
  "[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_hr]:my-10 [&_hr]:border-navy-200",
  "[&_table]:w-full [&_table]:text-left [&_table]:text-sm [&_th]:py-2 [&_th]:pr-4 [&_th]:font-semibold [&_th]:text-navy-950",
  "[&_td]:border-t [&_td]:border-navy-200 [&_td]:py-2 [&_td]:pr-4",
].join(" ");

/** A role's body on its page (and in the editor's preview). */
export const ROLE_PROSE = [
  "text-base leading-7 text-navy-700 break-words [&>*+*]:mt-4",
  "[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-heading [&_h2]:font-semibold [&_h2]:text-navy-950 [&>h2:first-child]:mt-0",
  "[&_h3]:mt-10 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-navy-950 [&_h4]:mt-8 [&_h4]:font-semibold [&_h4]:text-navy-950",
  MARKDOWN_LIST_CLASS,
].join(" ");
