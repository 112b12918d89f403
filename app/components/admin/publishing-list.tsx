import { Form } from "@remix-run/react";
import { FilterActions } from "./list/filter-actions";
import { RowLink } from "./record-list";
import { inputClass, labelClass, smallSecondaryButton } from "./styles";

/** What the Newsroom and Careers lists share: their filter form, pager and row actions. */

export const STATE_OPTIONS = [
  { value: "draft", label: "Draft" },
  { value: "scheduled", label: "Scheduled" },
  { value: "published", label: "Published" },
  { value: "closed", label: "Closed" },
] as const;

interface Filter {
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
}

/** A GET form (it works without JavaScript): each filter a select whose first choice is "All". */
export function PublishingFilter({
  label,
  listPath,
  filters,
}: {
  label: string;
  listPath: string;
  filters: Filter[];
}) {
  const active = filters.some((filter) => filter.value);
  return (
    <Form method="get" role="search" aria-label={label} className="mb-4 flex flex-wrap items-end gap-2">
      {filters.map((filter) => (
        <div key={filter.name} className="grid min-w-0 basis-44 gap-1">
          <label htmlFor={`filter-${filter.name}`} className={labelClass}>
            {filter.label}
          </label>
          <select
            // A new filter (or Clear) puts the select back to what the list shows.
            key={filter.value}
            id={`filter-${filter.name}`}
            name={filter.name}
            defaultValue={filter.value}
            className={inputClass}
          >
            <option value="">All</option>
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <FilterActions active={active} clearTo={listPath} />
    </Form>
  );
}

/** The Newsroom's, Careers' and the media library's pager, by the name those lists import it. */
export { AdminPager as PublishingPager } from "./list/admin-pager";

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
