import { Link } from "@remix-run/react";
import { formatLondonDateTime } from "~/utils/london-time";

export interface PendingApprovalSummary {
  id: number;
  authorEmail: string;
  createdAt: string;
}

/**
 * Issue 42: a financial promotion whose saved change is not live yet. The screen shows the live values; this
 * says a newer change waits, who saved it, and where an approver reviews it.
 */
export function PendingApprovalNotice({ pending }: { pending: PendingApprovalSummary | null }) {
  if (!pending) return null;
  return (
    <div role="status" className="mb-4 rounded-md border border-amber-700 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <p className="font-semibold">A change is waiting for approval</p>
      <p className="mt-1">
        Saved by {pending.authorEmail} on {formatLondonDateTime(pending.createdAt)}. Visitors see the values below
        until an approver approves it.{" "}
        <Link to={`/admin/approvals/${pending.id}`} className="font-medium underline underline-offset-2">
          Review the change
        </Link>
      </p>
    </div>
  );
}
