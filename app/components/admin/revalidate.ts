import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * After a refused stale save (409) the page must show the record as it now is (the list behind the dialog,
 * the editor's header) while the form keeps the operator's values beside the merge, so the loaders run
 * again even though the action answered with an error status.
 */
export const revalidateAfterConflict: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;
