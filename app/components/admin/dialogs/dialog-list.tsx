import type { DialogScreen, JsonRow } from "~/collections/dialogs";
import { ListRow, RecordActions, RecordListPage } from "~/components/admin/record-list";
import { StatusBadge } from "~/components/admin/status-badge";
import { panelClass } from "~/components/admin/styles";

function Badges({ screen, row }: { screen: DialogScreen; row: JsonRow }) {
  return screen.row.badges?.(row).map((badge) => (
    <StatusBadge key={badge.label} tone={badge.tone}>
      {badge.label}
    </StatusBadge>
  ));
}

/** The lines under a record's name; addresses in a monospace face, cut short with an ellipsis. */
function Lines({ screen, row }: { screen: DialogScreen; row: JsonRow }) {
  return screen.row.lines?.(row).map((line, index) => (
    <p
      key={index}
      className={line.mono ? "truncate font-mono text-xs text-navy-600" : "text-sm text-navy-700"}
    >
      {line.text}
    </p>
  ));
}

/** A record's row: its name (with what goes before and beside it), its lines, its facts, Edit and Delete. */
function DialogRow({ screen, row, basePath }: { screen: DialogScreen; row: JsonRow; basePath: string }) {
  const { name, lead, code, facts } = screen.row;
  const title = name(row);
  const icon = code?.(row);
  const shownFacts = facts(row);
  return (
    <ListRow>
      <div className="grid min-w-0 grid-cols-1 gap-0.5">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          {lead ? (
            <span className="w-16 shrink-0 text-lg font-semibold text-navy-950 tabular-nums">
              {lead(row)}
            </span>
          ) : null}
          {icon ? (
            <code className="rounded bg-navy-100 px-1.5 py-0.5 text-xs text-navy-700">{icon}</code>
          ) : null}
          <span className="min-w-0 font-medium break-words text-navy-950">{title}</span>
          <Badges screen={screen} row={row} />
        </div>
        <Lines screen={screen} row={row} />
        {shownFacts.length > 0 ? (
          <p className="flex flex-wrap gap-x-3 text-xs text-navy-600 tabular-nums">
            {shownFacts.map((fact) => (
              <span key={fact}>{fact}</span>
            ))}
          </p>
        ) : null}
      </div>
      <RecordActions basePath={basePath} id={Number(row.id)} name={title} />
    </ListRow>
  );
}

/** A record's card: its name as a heading with its badges and facts, its lines, and Edit and Delete at the foot. */
function DialogCard({ screen, row, basePath }: { screen: DialogScreen; row: JsonRow; basePath: string }) {
  const { name, facts } = screen.row;
  const title = name(row);
  return (
    <li className={`${panelClass} flex flex-col gap-2 p-4`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold text-navy-950">{title}</h2>
        <Badges screen={screen} row={row} />
        <span className="ml-auto text-xs text-navy-600 tabular-nums">{facts(row).join(" · ")}</span>
      </div>
      <Lines screen={screen} row={row} />
      <div className="mt-auto pt-1">
        <RecordActions basePath={basePath} id={Number(row.id)} name={title} />
      </div>
    </li>
  );
}

function Rows({ screen, rows, basePath }: { screen: DialogScreen; rows: JsonRow[]; basePath: string }) {
  if (screen.layout === "cards") {
    return (
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {rows.map((row) => (
          <DialogCard key={String(row.id)} screen={screen} row={row} basePath={basePath} />
        ))}
      </ul>
    );
  }
  return (
    <ul className={`${panelClass} divide-y divide-navy-100`}>
      {rows.map((row) => (
        <DialogRow key={String(row.id)} screen={screen} row={row} basePath={basePath} />
      ))}
    </ul>
  );
}

/** A collection's list page: SPEC's header, Add link, loading and empty texts; its records, in groups where declared. */
export function DialogList({
  screen,
  rows,
  basePath,
}: {
  screen: DialogScreen;
  rows: JsonRow[];
  basePath: string;
}) {
  const { groups, page } = screen;
  const grouped = groups
    ? Object.entries(groups.titles)
        .map(([value, title]) => ({ value, title, rows: rows.filter((row) => row[groups.field] === value) }))
        .filter((group) => group.rows.length > 0)
    : [];
  return (
    <RecordListPage {...page} listUrl={basePath} isEmpty={rows.length === 0}>
      {groups ? (
        <div className="grid gap-6">
          {grouped.map((group) => (
            <section key={group.value} aria-labelledby={`group-${group.value}`}>
              <h2 id={`group-${group.value}`} className="mb-2 text-base font-semibold text-navy-950">
                {group.title}
              </h2>
              <Rows screen={screen} rows={group.rows} basePath={basePath} />
            </section>
          ))}
        </div>
      ) : (
        <Rows screen={screen} rows={rows} basePath={basePath} />
      )}
    </RecordListPage>
  );
}
