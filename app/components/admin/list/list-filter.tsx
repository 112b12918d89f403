import { Form } from "@remix-run/react";
import { checkboxClass, hintClass, inputClass, labelClass } from "~/components/admin/styles";
import { FilterActions } from "./filter-actions";

/** One field of a list's filter: a choice, a free-text search, or a yes/no. */
export type FilterField =
  | {
      kind: "select";
      name: string;
      label: string;
      value: string;
      /** The first choice, meaning no filter ("All"), and the value it sends. */
      all: { label: string; value?: string };
      options: readonly { value: string; label: string }[];
    }
  | { kind: "search"; name: string; label: string; value: string; hint?: string; maxLength?: number }
  | { kind: "checkbox"; name: string; label: string; value: string; checked: boolean };

/**
 * Every admin list's filter: a GET form (it works without JavaScript, and the address says what is shown),
 * Filter, and Clear back to the whole list while a filter is on. Each field is keyed by its value, so that a
 * new filter (or Clear) puts it back to what the list shows.
 */
export function ListFilter({
  label,
  idPrefix,
  fields,
  clearTo,
  active,
}: {
  /** The search landmark's name ("Redirects"). */
  label: string;
  /** Makes the fields' ids unique on the page ("redirects" gives "redirects-q"). */
  idPrefix: string;
  fields: readonly FilterField[];
  /** The list without filters: also where the form posts. */
  clearTo: string;
  active: boolean;
}) {
  return (
    <Form
      method="get"
      action={clearTo}
      role="search"
      aria-label={label}
      className="mb-4 flex flex-wrap items-end gap-x-3 gap-y-2"
    >
      {fields.map((field) => (
        <FilterFieldControl key={field.name} field={field} id={`${idPrefix}-${field.name}`} />
      ))}
      <FilterActions active={active} clearTo={clearTo} />
      {fields.map((field) =>
        field.kind === "search" && field.hint ? (
          <p key={field.name} id={`${idPrefix}-${field.name}-hint`} className={`${hintClass} basis-full`}>
            {field.hint}
          </p>
        ) : null,
      )}
    </Form>
  );
}

function FilterFieldControl({ field, id }: { field: FilterField; id: string }) {
  if (field.kind === "checkbox") {
    return (
      <div className="flex items-center gap-2 pb-2">
        <input
          key={String(field.checked)}
          id={id}
          type="checkbox"
          name={field.name}
          value={field.value}
          defaultChecked={field.checked}
          className={checkboxClass}
        />
        <label htmlFor={id} className={labelClass}>
          {field.label}
        </label>
      </div>
    );
  }
  return (
    <div className={`grid min-w-0 gap-1 ${field.kind === "search" ? "flex-1 basis-56" : "basis-44"}`}>
      <label htmlFor={id} className={labelClass}>
        {field.label}
      </label>
      {field.kind === "search" ? (
        <input
          key={field.value}
          id={id}
          type="search"
          name={field.name}
          defaultValue={field.value}
          maxLength={field.maxLength}
          autoComplete="off"
          aria-describedby={field.hint ? `${id}-hint` : undefined}
          className={inputClass}
        />
      ) : (
        <select key={field.value} id={id} name={field.name} defaultValue={field.value} className={inputClass}>
          <option value={field.all.value ?? ""}>{field.all.label}</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
