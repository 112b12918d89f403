import { Link } from "@remix-run/react";

/**
 * Shown above a draft or scheduled post or role seen through its public address: whoever reads it must
 * not mistake it for what visitors see. `state` says where it stands, `editPath` (operators only) leads back.
 */
export function PreviewBanner({ state, editPath }: { state: string; editPath?: string }) {
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50">
      <div className="container-page flex flex-wrap items-center justify-between gap-3 py-3 text-sm text-amber-950">
        <p>
          <strong className="font-semibold">Preview: not published.</strong> {state} Visitors cannot see this page yet.
        </p>
        {editPath ? (
          <Link to={editPath} className="rounded-sm font-medium underline underline-offset-4 hover:text-amber-800">
            Back to the editor
          </Link>
        ) : null}
      </div>
    </div>
  );
}
