import { Link } from "@remix-run/react";
import { panelClass, secondaryButton } from "~/components/admin/styles";
import type { HistoryRecordView, VersionSummary } from "./history-views";
import { CurrentBadge, HistoryHeader, linkClass } from "./history-header";

const headCell = "px-2 py-2 text-left font-semibold sm:px-4";
const bodyCell = "px-2 py-3 align-top break-words sm:px-4";

/** A record's kept versions, newest first, each linking to what it changed. */
export function VersionList({ record, versions }: { record: HistoryRecordView; versions: VersionSummary[] }) {
  return (
    <>
      <HistoryHeader
        record={record}
        title={`${record.label}: history`}
        description="Every saved version, newest first. Open one to see what it changed and to restore it."
        actions={
          <Link to={record.editorUrl} className={secondaryButton}>
            Back to the editor
          </Link>
        }
      />
      {versions.length === 0 ? (
        <p className={`${panelClass} p-6 text-center text-sm text-navy-600`}>
          No versions are kept yet: the history begins with the next save.
        </p>
      ) : (
        <div className={`${panelClass} overflow-hidden`}>
          <table className="w-full table-fixed border-collapse text-sm">
            <caption className="sr-only">Versions of {record.label}, newest first</caption>
            <thead className="bg-navy-50 text-navy-950">
              <tr>
                <th scope="col" className={`${headCell} w-24 sm:w-40`}>
                  Version
                </th>
                <th scope="col" className={headCell}>
                  Saved by
                </th>
                <th scope="col" className={headCell}>
                  Fields changed
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-navy-100">
              {versions.map((entry) => (
                <tr key={entry.version}>
                  <th scope="row" className={`${bodyCell} text-left font-normal`}>
                    <Link to={entry.url} className={linkClass}>
                      Version {entry.version}
                    </Link>
                    {entry.current ? <CurrentBadge className="mt-1 flex w-fit" /> : null}
                  </th>
                  <td className={bodyCell}>
                    <span className="block text-navy-900 [overflow-wrap:anywhere]">{entry.who}</span>
                    <time dateTime={entry.at} className="block text-xs text-navy-600">
                      {entry.when}
                    </time>
                  </td>
                  <td className={bodyCell}>
                    <span className="block text-navy-900">{changedText(entry)}</span>
                    {entry.note ? <span className="mt-1 block text-xs text-navy-600">{entry.note}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function changedText(entry: VersionSummary): string {
  return entry.changed.length > 0 ? entry.changed.join(", ") : "No fields changed";
}
