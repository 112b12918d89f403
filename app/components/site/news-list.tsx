import { Link } from "@remix-run/react";
import { formatIsoDate } from "~/utils/dates";
import { londonIsoDate } from "~/utils/london-time";

/** What the newsroom list shows of a post (dates arrive as ISO strings from the loader). */
export interface NewsListItem {
  readonly id: number;
  readonly slug: string;
  readonly title: string;
  readonly summary: string;
  readonly publishedAt: string | Date | null;
}

/** Dated posts in the order given (newest first), each title linking to the post. */
export function NewsList({ items }: { items: readonly NewsListItem[] }) {
  return (
    <ol className="grid gap-0 border-b border-navy-200">
      {items.map((item) => {
        const date = item.publishedAt ? londonIsoDate(item.publishedAt) : null;
        return (
          <li key={item.id} className="grid gap-2 border-t border-navy-200 py-6 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-8">
            <p className="text-sm font-medium text-navy-600">{date ? <time dateTime={date}>{formatIsoDate(date)}</time> : null}</p>
            <div>
              <h3 className="text-subheading font-semibold text-navy-950">
                <Link
                  to={`/newsroom/${item.slug}`}
                  className="rounded-sm underline decoration-navy-300 underline-offset-4 hover:text-accent-800 hover:decoration-accent-700"
                >
                  {item.title}
                </Link>
              </h3>
              <p className="mt-2 text-sm leading-6 text-navy-700">{item.summary}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
