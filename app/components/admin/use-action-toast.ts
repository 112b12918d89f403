import { useEffect } from "react";
import { toast } from "~/components/ui/toast";
import type { ToastMessage } from "~/utils/toast";

/** Shows the toast an action answered with (a failure that did not redirect), once per answer. */
export function useActionToast(message: ToastMessage | undefined): void {
  useEffect(() => {
    if (message) toast(message);
  }, [message]);
}
