import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { LoadingStatus } from "./loading-status";
import { AdminPageHeader } from "./page-header";
import { FROM_LIST, RecordOutlet } from "./record-dialog";
import { panelClass, primaryButton, smallDangerButton, smallSecondaryButton } from "./styles";

/**
 * The page of a collection edited in dialogs (products, statistics, menu items): its header with the Add
 * link, where the create, edit and delete routes open, SPEC's loading text, then the records, or SPEC's
 * empty-list text when there are none.
 */
export function RecordListPage({
  title,
  description,
  addLabel,
  listUrl,
  loadingText,
  emptyText,
  isEmpty,
  children,
}: {
  title: string;
  description: string;
  addLabel: string;
  listUrl: string;
  loadingText: string;
  emptyText: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <AdminPageHeader
        title={title}
        description={description}
        actions={
          <Link to="new" state={FROM_LIST} preventScrollReset className={primaryButton}>
            {addLabel}
          </Link>
        }
      />
      <RecordOutlet listUrl={listUrl} />
      <LoadingStatus path={listUrl} text={loadingText} />
      {isEmpty ? (
        <p className={`${panelClass} p-6 text-center text-sm text-navy-600`}>{emptyText}</p>
      ) : (
        children
      )}
    </>
  );
}

/** One dense row of a list: content on the left, actions on the right (stacked on narrow screens). */
export function ListRow({ children }: { children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">{children}</li>
  );
}

/**
 * One action on a record in a list, named for screen readers ("Edit Robo Pensions"). A dialog's link
 * opens over the list and keeps its scroll; a page's (a post's editor) is an ordinary link.
 */
export function RowLink({
  to,
  action,
  name,
  danger = false,
  dialog = true,
}: {
  to: string;
  action: string;
  name: string;
  danger?: boolean;
  dialog?: boolean;
}) {
  return (
    <Link
      to={to}
      state={dialog ? FROM_LIST : undefined}
      preventScrollReset={dialog}
      className={danger ? smallDangerButton : smallSecondaryButton}
    >
      {action}
      <span className="sr-only"> {name}</span>
    </Link>
  );
}

/** Edit and Delete for one record (links to its dialog routes), and its History (a page). */
export function RecordActions({ basePath, id, name }: { basePath: string; id: number; name: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      <RowLink to={`${basePath}/${id}/edit`} action="Edit" name={name} />
      <RowLink to={`${basePath}/${id}/history`} action="History" name={name} dialog={false} />
      <RowLink to={`${basePath}/${id}/delete`} action="Delete" name={name} danger />
    </div>
  );
}
