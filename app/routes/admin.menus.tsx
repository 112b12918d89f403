import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminMeta } from "~/components/admin/meta";
import { ListRow, RecordActions, RecordListPage } from "~/components/admin/record-list";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { panelClass } from "~/components/admin/styles";
import { listMenuItems } from "~/models/menu-items.server";
import { MENU_TYPES, type MenuType } from "~/schemas/menu-item";
import { recordListLoader } from "~/server/admin/record-routes.server";

export const meta: MetaFunction = () => adminMeta("Menu Manager");

const GROUP_TITLES: Record<MenuType, string> = {
  header: "Header Menu",
  footer: "Footer Menu",
  sidebar: "Sidebar Menu",
};

export const loader = recordListLoader("items", listMenuItems);

export const shouldRevalidate = revalidateAfterConflict;

export default function MenuManager() {
  const { items } = useLoaderData<typeof loader>();
  const groups = MENU_TYPES.map((type) => ({
    type,
    items: items.filter((item) => item.menuType === type),
  })).filter((group) => group.items.length > 0);
  return (
    <RecordListPage
      title="Menu Manager"
      description="Manage your header, footer, and sidebar menu items."
      addLabel="Add Menu Item"
      listUrl="/admin/menus"
      loadingText="Loading menu items..."
      emptyText="No menu items found. Add your first menu item to get started."
      isEmpty={groups.length === 0}
    >
      <div className="grid gap-6">
        {groups.map((group) => (
          <section key={group.type} aria-labelledby={`menu-${group.type}`}>
            <h2 id={`menu-${group.type}`} className="mb-2 text-base font-semibold text-navy-950">
              {GROUP_TITLES[group.type]}
            </h2>
            <ul className={`${panelClass} divide-y divide-navy-100`}>
              {group.items.map((item) => (
                <ListRow key={item.id}>
                  <div className="grid min-w-0 grid-cols-1 gap-0.5">
                    <div className="flex flex-wrap items-center gap-2">
                      {item.icon ? (
                        <code className="rounded bg-navy-100 px-1.5 py-0.5 text-xs text-navy-700">
                          {item.icon}
                        </code>
                      ) : null}
                      <span className="font-medium text-navy-950">{item.label}</span>
                      {item.isActive ? null : (
                        <span className="rounded border border-navy-400 bg-navy-100 px-1.5 py-0.5 text-xs font-medium text-navy-700">
                          Inactive
                        </span>
                      )}
                    </div>
                    <p className="truncate font-mono text-xs text-navy-600">{item.url}</p>
                    <p className="flex flex-wrap gap-x-3 text-xs text-navy-600">
                      <span className="tabular-nums">Order {item.displayOrder}</span>
                      {item.openInNewTab ? <span>Opens in new tab</span> : null}
                      {item.parentId !== null ? <span>Parent ID: {item.parentId}</span> : null}
                      <span className="tabular-nums">ID: {item.id}</span>
                    </p>
                  </div>
                  <RecordActions basePath="/admin/menus" id={item.id} name={item.label} />
                </ListRow>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </RecordListPage>
  );
}

/** A record that is not there (deleted meanwhile) shows inside the admin, sidebar and all. */
export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
