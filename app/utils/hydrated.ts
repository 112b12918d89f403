import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False in the server render and during hydration, true once the page runs JavaScript. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
