import { Link } from "@remix-run/react";
import { secondaryButton } from "~/components/admin/styles";

/** A list's filter form's buttons: Filter, and Clear (back to the whole list) while a filter is on. */
export function FilterActions({ active, clearTo }: { active: boolean; clearTo: string }) {
  return (
    <div className="flex gap-2">
      <button type="submit" className={secondaryButton}>
        Filter
      </button>
      {active ? (
        <Link to={clearTo} className={secondaryButton}>
          Clear
        </Link>
      ) : null}
    </div>
  );
}
