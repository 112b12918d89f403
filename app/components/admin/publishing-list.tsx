import { ListFilter } from "./list/list-filter";
import { RowLink } from "./record-list";
import { smallSecondaryButton } from "./styles";

/** What the Newsroom and Careers lists share: their filter form, pager and row actions. */

const STATE_OPTIONS = [
  { value: "draft", label: "Draft" },
  { value: "scheduled", label: "Scheduled" },
  { value: "published", label: "Published" },
  { value: "closed", label: "Closed" },
] as const;

export interface PublishingFilterChoice {
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
}

export type PublishingState = (typeof STATE_OPTIONS)[number]["value"];

/** The list's Status filter (?state=), offering the states its records can be in (a post is never closed). */
export function statusFilter(value: string, states: readonly PublishingState[]): PublishingFilterChoice {
  return {
    name: "state",
    label: "Status",
    value,
    options: STATE_OPTIONS.filter((option) => states.includes(option.value)),
  };
}

/** The list's filter: each a choice whose first option is "All". */
export function PublishingFilter({
  label,
  listPath,
  filters,
}: {
  label: string;
  listPath: string;
  filters: PublishingFilterChoice[];
}) {
  return (
    <ListFilter
      label={label}
      idPrefix="filter"
      clearTo={listPath}
      active={filters.some((filter) => filter.value)}
      fields={filters.map((filter) => ({ kind: "select", all: { label: "All" }, ...filter }))}
    />
  );
}

/** Edit (a page of its own), Preview (the public address, which shows drafts to operators), History and Delete (a dialog). */
export function PublishingRowActions({
  basePath,
  id,
  name,
  publicPath,
}: {
  basePath: string;
  id: number;
  name: string;
  publicPath: string;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <RowLink to={`${basePath}/${id}/edit`} action="Edit" name={name} dialog={false} />
      <a href={publicPath} className={smallSecondaryButton}>
        Preview<span className="sr-only"> {name}</span>
      </a>
      <RowLink to={`${basePath}/${id}/history`} action="History" name={name} dialog={false} />
      <RowLink to={`${basePath}/${id}/delete`} action="Delete" name={name} danger />
    </div>
  );
}
