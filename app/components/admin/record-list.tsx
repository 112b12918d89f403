import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { FROM_LIST } from "./record-dialog";
import { smallDangerButton, smallSecondaryButton } from "./styles";

/** One dense row of a list: content on the left, actions on the right (stacked on narrow screens). */
export function ListRow({ children }: { children: ReactNode }) {
  return <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">{children}</li>;
}

/** Edit and Delete for one record: links to its dialog routes, named for screen readers. */
export function RecordActions({ basePath, id, name }: { basePath: string; id: number; name: string }) {
  return (
    <div className="flex gap-2">
      <Link to={`${basePath}/${id}/edit`} state={FROM_LIST} preventScrollReset className={smallSecondaryButton}>
        Edit<span className="sr-only"> {name}</span>
      </Link>
      <Link to={`${basePath}/${id}/delete`} state={FROM_LIST} preventScrollReset className={smallDangerButton}>
        Delete<span className="sr-only"> {name}</span>
      </Link>
    </div>
  );
}
