import type { ReactNode } from "react";
import { TableColumnHeads } from "~/components/ui/table-column-heads";
import { panelClass } from "./styles";

/**
 * An admin list as a table (sessions, the trash, approvals, the promotions register): in a panel that
 * scrolls sideways on a narrow screen (positioned, so that screen-reader text inside stays within it), its
 * columns headed, its caption for screen readers. `minWidth` is a Tailwind class written out where it is
 * used ("min-w-[44rem]"), so that Tailwind finds it.
 */
export function DataTable({
  caption,
  columns,
  minWidth,
  children,
}: {
  caption: string;
  /** Headings in order; a column left out is null or false. */
  columns: readonly (ReactNode | null | false)[];
  minWidth: string;
  children: ReactNode;
}) {
  return (
    // Focusable and named, so that a keyboard can scroll it when it is wider than the screen (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard
    <div className={`${panelClass} relative overflow-x-auto`} tabIndex={0} role="region" aria-label={caption}>
      <table className={`w-full ${minWidth} border-collapse text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <TableColumnHeads columns={columns} />
        <tbody className="divide-y divide-navy-200 text-navy-700">{children}</tbody>
      </table>
    </div>
  );
}

/** A table cell giving a moment: as shown (London time), with the machine-readable time. */
export function TimeCell({ at, text }: { at: string; text: string }) {
  return (
    <td className="px-4 py-3 whitespace-nowrap">
      <time dateTime={at}>{text}</time>
    </td>
  );
}

/** The cell that names its row (the first column). */
export function RowHeadingCell({ children }: { children: ReactNode }) {
  return (
    <th scope="row" className="px-4 py-3 font-medium text-navy-950">
      {children}
    </th>
  );
}

/** A table cell giving a count or a number, its digits lined up with those above and below. */
export function NumberCell({ children }: { children: ReactNode }) {
  return <td className="px-4 py-3 tabular-nums">{children}</td>;
}
