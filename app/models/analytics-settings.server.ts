import { onContentChange } from "./content-cache.server";
import { getSeoSettings } from "./seo-settings.server";

/**
 * Whether a GA4 measurement ID is set, answered synchronously for the Content-Security-Policy header
 * (which is written before any loader runs). Read at start, again after every content change (on this
 * instance and, through the content sync, on the others), and whenever a page reads the ID.
 */
const state = { measurementIdSet: false, watching: false };

/** The measurement ID ("" when none); also refreshes the answer of analyticsConfigured(). */
export async function getMeasurementId(): Promise<string> {
  const { gaTrackingId } = await getSeoSettings();
  state.measurementIdSet = gaTrackingId !== "";
  return gaTrackingId;
}

export function analyticsConfigured(): boolean {
  return state.measurementIdSet;
}

function refresh(): Promise<void> {
  return getMeasurementId().then(
    () => undefined,
    () => undefined, // The database is away: the next change or page load reads it again.
  );
}

/** Call once at start: reads the setting and follows its changes. */
export async function watchAnalyticsSettings(): Promise<void> {
  if (!state.watching) {
    state.watching = true;
    onContentChange(() => void refresh());
  }
  await refresh();
}
