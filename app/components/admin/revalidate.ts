import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * After a refused stale save (409) the page must show the record as it now is, with its new version, so
 * the loaders run again even though the action answered with an error status.
 */
export const revalidateAfterConflict: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;
