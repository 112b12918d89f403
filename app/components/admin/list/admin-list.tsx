import type { ComponentProps, ReactNode } from "react";
import { panelClass } from "~/components/admin/styles";
import { AdminPager } from "./admin-pager";

/**
 * One page of an admin list: its rows (each a ListRow) in a panel, or what to say when there are none,
 * and the pager under them (where the list has pages).
 */
export function AdminList<T>({
  items,
  empty,
  pager,
  children: row,
}: {
  items: readonly T[];
  empty: ReactNode;
  pager?: ComponentProps<typeof AdminPager>;
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      {items.length === 0 ? (
        <p className={`${panelClass} p-6 text-center text-sm text-navy-600`}>{empty}</p>
      ) : (
        <ul className={`${panelClass} divide-y divide-navy-100`}>{items.map(row)}</ul>
      )}
      {pager ? <AdminPager {...pager} /> : null}
    </>
  );
}
