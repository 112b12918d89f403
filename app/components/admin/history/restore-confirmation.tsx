import { Form, Link } from "@remix-run/react";
import { SubmitButton } from "~/components/admin/fields";
import { panelClass, secondaryButton } from "~/components/admin/styles";
import { useActionToast } from "~/components/admin/use-action-toast";
import type { HistoryRecordView, RestoreProblem } from "./history-views";
import { HistoryHeader, linkClass } from "./history-header";

/**
 * "Restore version N?": a form post that works without JavaScript. It carries the version the record was
 * at when the page was shown, so a change made meanwhile refuses the restore instead of being overwritten.
 */
export function RestoreConfirmation({
  record,
  version,
  versionUrl,
  isCurrent,
  problem,
}: {
  record: HistoryRecordView;
  version: number;
  versionUrl: string;
  isCurrent: boolean;
  problem: RestoreProblem | undefined;
}) {
  useActionToast(problem?.toast);
  const expectedVersion = problem?.currentVersion ?? record.currentVersion;
  return (
    <>
      <HistoryHeader record={record} title={`Restore version ${version}`} />
      <div className={`${panelClass} grid max-w-2xl gap-4 p-4 sm:p-6`}>
        <div role="alert" className="empty:hidden">
          {problem ? (
            <div className="grid gap-1 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
              <p className="font-medium">{problem.message}</p>
              {problem.kind === "conflict" ? (
                <p>
                  It is now at version {expectedVersion}.{" "}
                  <Link to={record.historyUrl} className={linkClass}>
                    Look at the history
                  </Link>{" "}
                  first, or confirm to restore version {version} over it.
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
        <p className="text-sm text-navy-800">
          Restore version {version} of {record.label}? This writes its values as a new version; you can undo it
          from the history.
        </p>
        {isCurrent ? <p className="text-sm text-navy-700">This is the version the record is at now.</p> : null}
        <Form method="post" replace className="flex flex-wrap justify-end gap-2">
          <input type="hidden" name="expectedVersion" value={expectedVersion} />
          <Link to={versionUrl} className={secondaryButton}>
            Cancel
          </Link>
          <SubmitButton pendingText="Restoring...">Confirm</SubmitButton>
        </Form>
      </div>
    </>
  );
}
