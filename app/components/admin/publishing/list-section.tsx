import type { ReactNode } from "react";

/**
 * A list screen's section (posts, roles, the media library, redirect rules): its heading, named by `id`,
 * with how many records there are beside it, then the list.
 */
export function ListSection({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={id} className="text-lg font-semibold text-navy-950">
          {title}
        </h2>
        <p className="text-sm text-navy-600">{count}</p>
      </div>
      {children}
    </section>
  );
}
