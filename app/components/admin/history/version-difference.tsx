import { Link } from "@remix-run/react";
import { panelClass, primaryButton, secondaryButton } from "~/components/admin/styles";
import type { FieldDifference, HistoryRecordView, VersionDifferenceView } from "./history-views";
import type { ShownDiffRow, WordSegment } from "~/utils/line-diff";
import { CurrentBadge, HistoryHeader } from "./history-header";

const headCell = "px-2 py-2 text-left font-semibold sm:px-4";
/** Below the sm breakpoint the rows stack (field, then before, then after): three columns do not fit 320 px. */
const stacked = "max-sm:block max-sm:w-full";
const bodyCell = `px-2 py-3 align-top whitespace-pre-wrap break-words sm:px-4 ${stacked} max-sm:px-4 max-sm:py-1`;
/** Where the columns stack, each value is headed by its column's name (from `data-label`). */
const stackedLabel =
  "max-sm:before:block max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-navy-600 max-sm:before:content-[attr(data-label)]";
/** Values (addresses, slugs) may break anywhere; labels only between words. */
const valueCell = `${bodyCell} [overflow-wrap:anywhere]`;

/** One version of a record: who saved it and when, and field by field what it changed. */
export function VersionDifference({
  record,
  difference,
}: {
  record: HistoryRecordView;
  difference: VersionDifferenceView;
}) {
  const { version, previousVersion } = difference;
  return (
    <>
      <HistoryHeader
        record={record}
        title={`${record.label}: version ${version}`}
        description={
          previousVersion === null
            ? "The first version kept: its values as they were saved."
            : `What changed from version ${previousVersion} to version ${version}.`
        }
        actions={
          <>
            {difference.restoreUrl ? (
              <Link to={difference.restoreUrl} className={primaryButton}>
                Restore this version
              </Link>
            ) : null}
            <Link to={record.historyUrl} className={secondaryButton}>
              All versions
            </Link>
          </>
        }
      />
      <dl className={`${panelClass} mb-6 grid gap-x-6 gap-y-2 p-4 text-sm sm:grid-cols-[auto_minmax(0,1fr)]`}>
        <dt className="font-medium text-navy-700">Saved by</dt>
        <dd className="text-navy-950 [overflow-wrap:anywhere]">{difference.who}</dd>
        <dt className="font-medium text-navy-700">When</dt>
        <dd className="text-navy-950">
          <time dateTime={difference.at}>{difference.when}</time>
          {difference.current ? <CurrentBadge /> : null}
        </dd>
        {difference.note ? (
          <>
            <dt className="font-medium text-navy-700">Note</dt>
            <dd className="text-navy-950">{difference.note}</dd>
          </>
        ) : null}
      </dl>
      <div className={`${panelClass} overflow-hidden`}>
        <table className={`w-full table-fixed border-collapse text-sm ${stacked}`}>
          <caption className="sr-only">
            {previousVersion === null
              ? `The values of version ${version}`
              : `Version ${version} against version ${previousVersion}, changed fields first`}
          </caption>
          <thead className="bg-navy-50 text-navy-950 max-sm:sr-only">
            <tr>
              <th scope="col" className={`${headCell} w-24 sm:w-48`}>
                Field
              </th>
              {previousVersion === null ? null : (
                <th scope="col" className={headCell}>
                  Version {previousVersion} (before)
                </th>
              )}
              <th scope="col" className={headCell}>
                Version {version}
                {previousVersion === null ? null : " (after)"}
              </th>
            </tr>
          </thead>
          <tbody className={`divide-y divide-navy-100 ${stacked}`}>
            {difference.fields.map((field) => (
              <FieldRow key={field.field} field={field} compared={previousVersion !== null} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function FieldRow({ field, compared }: { field: FieldDifference; compared: boolean }) {
  const muted = compared && !field.changed;
  return (
    <tr className={`${stacked} max-sm:py-2 ${field.changed ? "bg-amber-50/40" : ""}`}>
      <th scope="row" className={`${bodyCell} text-left font-medium text-navy-950`}>
        <span className="block">{field.label}</span>
        {compared ? (
          <span
            className={`mt-1 block text-xs font-normal ${field.changed ? "text-amber-900" : "text-navy-600"}`}
          >
            {field.changed ? "Changed" : "Unchanged"}
          </span>
        ) : null}
      </th>
      {field.lines ? (
        <td colSpan={2} className={valueCell}>
          <LineDiff rows={field.lines} />
        </td>
      ) : (
        <>
          {compared ? (
            <td
              data-label="Before"
              className={`${valueCell} ${stackedLabel} ${muted ? "text-navy-600" : "text-navy-900"}`}
            >
              {field.words ? <Words segments={field.words} side="before" /> : field.before}
            </td>
          ) : null}
          <td
            data-label="After"
            className={`${valueCell} ${compared ? stackedLabel : ""} ${muted ? "text-navy-600" : "text-navy-950"}`}
          >
            {field.words ? <Words segments={field.words} side="after" /> : field.after}
          </td>
        </>
      )}
    </tr>
  );
}

type ShownRow = ShownDiffRow | { kind: "folded"; count: number };

const removedWord = "rounded-sm bg-red-100 text-red-900 line-through decoration-red-700";
const addedWord = "rounded-sm bg-green-100 text-green-900 underline decoration-green-700 underline-offset-2";

/** One changed word run: struck through and red when removed, underlined and green when added, and said so. */
function Word({ segment }: { segment: WordSegment }) {
  if (segment.kind !== "removed" && segment.kind !== "added") return <>{segment.text}</>;
  const Change = segment.kind === "removed" ? "del" : "ins";
  return (
    <Change className={segment.kind === "removed" ? removedWord : addedWord}>
      <span className="sr-only">[{segment.kind}: </span>
      {segment.text}
      <span className="sr-only">]</span>
    </Change>
  );
}

/**
 * A short value's words: the Before column shows what was removed, the After column what was added, each
 * beside the words both share.
 */
function Words({ segments, side }: { segments: WordSegment[]; side: "before" | "after" }) {
  const hidden = side === "before" ? "added" : "removed";
  const shown = segments.filter((segment) => segment.kind !== hidden);
  if (!shown.some((segment) => segment.text)) return <>(empty)</>;
  return (
    <>
      {shown.map((segment, index) => (
        <Word key={index} segment={segment} />
      ))}
    </>
  );
}

/** Unchanged lines kept either side of a change; longer unchanged stretches are folded. */
const CONTEXT = 3;

function fold(rows: ShownDiffRow[]): ShownRow[] {
  const near = rows.map((_, index) =>
    rows.slice(Math.max(0, index - CONTEXT), index + CONTEXT + 1).some((row) => row.kind !== "same"),
  );
  const shown: ShownRow[] = [];
  rows.forEach((row, index) => {
    const last = shown.at(-1);
    if (row.kind !== "same" || near[index]) shown.push(row);
    else if (last?.kind === "folded") last.count += 1;
    else shown.push({ kind: "folded", count: 1 });
  });
  return shown;
}

const LINE_STYLES: Record<ShownDiffRow["kind"], string> = {
  same: "text-navy-800",
  changed: "bg-amber-50 text-navy-900",
  removed: "bg-red-50 text-red-900 no-underline",
  added: "bg-green-50 text-green-900 no-underline",
};

/**
 * Long text line by line: removed lines in red, added lines in green, each said aloud; a line edited in
 * place is one line with its removed and added words marked.
 */
export function LineDiff({ rows }: { rows: ShownDiffRow[] }) {
  return (
    <div className="grid rounded-md border border-navy-200 font-mono text-xs leading-5">
      {fold(rows).map((row, index) => {
        if (row.kind === "folded") {
          return (
            <p key={index} className="bg-navy-50 px-2 py-0.5 font-sans text-navy-600 italic">
              {row.count} unchanged {row.count === 1 ? "line" : "lines"}
            </p>
          );
        }
        const line = `block px-2 whitespace-pre-wrap ${LINE_STYLES[row.kind]}`;
        if (row.kind === "changed") {
          return (
            <span key={index} className={line}>
              <span aria-hidden="true">~ </span>
              <span className="sr-only">Changed: </span>
              {row.segments.map((segment, at) => (
                <Word key={at} segment={segment} />
              ))}
            </span>
          );
        }
        const text = row.text === "" ? "\u00a0" : row.text;
        if (row.kind === "removed") {
          return (
            <del key={index} className={line}>
              <span aria-hidden="true">− </span>
              <span className="sr-only">Removed: </span>
              {text}
            </del>
          );
        }
        if (row.kind === "added") {
          return (
            <ins key={index} className={line}>
              <span aria-hidden="true">+ </span>
              <span className="sr-only">Added: </span>
              {text}
            </ins>
          );
        }
        return (
          <span key={index} className={line}>
            <span aria-hidden="true">{"  "}</span>
            {text}
          </span>
        );
      })}
    </div>
  );
}
