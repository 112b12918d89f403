import { Link, useParams } from "@remix-run/react";
import { secondaryButton } from "./styles";

/** An editor's way to its record's history (`/admin/hero/history`, `/admin/products/7/history`). */
export function HistoryLink({ to, className = secondaryButton }: { to: string; className?: string }) {
  return (
    <Link to={to} className={className}>
      History
    </Link>
  );
}

/**
 * The history link of a record editor whose URL has the record's id (`/admin/{section}/{id}/edit`), for
 * editors that are a dialog or a page under their own header.
 */
export function RecordHistoryLink({ section }: { section: string }) {
  const { id } = useParams();
  if (!id) return null;
  return (
    <p className="my-4 text-sm">
      <HistoryLink
        to={`/admin/${section}/${id}/history`}
        className="font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800"
      />
    </p>
  );
}
