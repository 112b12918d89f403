import { useEffect } from "react";
import { toast } from "~/components/ui/toast";
import type { ToastMessage } from "~/utils/toast";

/** Shows the toast an action answered with (a failure that did not redirect), once per answer. */
export function useActionToast(message: ToastMessage | undefined): void {
  useEffect(() => {
    if (message) toast(message);
  }, [message]);
}

/** An action's answer when it refused a form as a whole (it did not redirect): the form's error, and its toast. */
export interface FormRefusalReply {
  result: { error?: Record<string, string[] | null> | null };
  toast?: ToastMessage;
}

/**
 * A refused form's answer as a one-button form shows it: the toast (with JavaScript), and the form-wide
 * error for its alert (which says the same without JavaScript).
 */
export function useFormRefusal(reply: FormRefusalReply | undefined): string | undefined {
  useActionToast(reply?.toast);
  return reply?.result.error?.[""]?.join(" ");
}
