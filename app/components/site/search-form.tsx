import { Form } from "@remix-run/react";
import { useId } from "react";
import { buttonClass } from "~/components/ui/button";
import { SearchIcon } from "~/components/ui/icons";
import { SEARCH_PATH } from "~/utils/seo";

/** A GET form to /search: works the same with and without JavaScript. */
export function SearchForm({ defaultValue = "", label = "Search the site" }: { defaultValue?: string; label?: string }) {
  const id = useId();
  return (
    <Form method="get" action={SEARCH_PATH} role="search" className="w-full max-w-xl">
      <label htmlFor={id} className="block text-sm font-medium text-navy-900">
        {label}
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={defaultValue}
          maxLength={100}
          placeholder="e.g. forecasts, careers, cookies"
          className="min-w-0 flex-1 rounded-md border border-navy-300 bg-white px-3 py-2.5 text-base text-navy-950 placeholder:text-navy-500 focus:border-accent-700"
        />
        <button type="submit" className={buttonClass("primary", "md")}>
          <SearchIcon />
          Search
        </button>
      </div>
    </Form>
  );
}
