import type { NewsItem } from "~/content/types";
import { formatIsoDate } from "~/utils/dates";

/** Dated items, newest first as written in the content. */
export function NewsList({ items }: { items: readonly NewsItem[] }) {
  return (
    <ol className="grid gap-0 border-b border-navy-200">
      {items.map((item) => (
        <li key={`${item.date}-${item.title}`} className="grid gap-2 border-t border-navy-200 py-6 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-8">
          <p className="text-sm font-medium text-navy-600">
            <time dateTime={item.date}>{formatIsoDate(item.date)}</time>
          </p>
          <div>
            <h3 className="text-lg font-semibold tracking-tight text-navy-950">{item.title}</h3>
            <p className="mt-2 text-sm leading-6 text-navy-700">{item.summary}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
