import type { ReactNode } from "react";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Breadcrumbs } from "~/components/site/breadcrumbs";
import type { HistoryRecordView } from "./history-views";

/** The top of a history screen: the way back (list, editor, history) and the screen's one heading. */
export function HistoryHeader({
  record,
  title,
  description,
  actions,
}: {
  record: HistoryRecordView;
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <>
      <div className="mb-3">
        <Breadcrumbs trail={record.crumbs} tone="light" />
      </div>
      <AdminPageHeader title={title} description={description} actions={actions} />
    </>
  );
}

/** "Current" beside the version the record is at now. */
export function CurrentBadge({ className = "ml-2 inline-flex" }: { className?: string }) {
  return (
    <span className={`${className} items-center rounded border border-accent-700 bg-accent-50 px-1.5 py-0.5 text-xs font-medium text-accent-800`}>
      Current
    </span>
  );
}

export const linkClass = "font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800";
