import { useEffect, useRef } from "react";

/**
 * A ref whose element takes focus when the screen opens: a confirmation screen's Cancel, as in the delete
 * dialogs, so that Enter alone does not act.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
