import { Form, Link, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useFocusOnMount } from "~/hooks/use-focus-on-mount";
import { FormAlert } from "./fields";
import { AdminPageHeader } from "./page-header";
import { useFormRefusal, type FormRefusalReply } from "./use-action-toast";
import { panelClass, secondaryButton } from "./styles";

/**
 * A screen that asks before an action that cannot be undone (publish or discard a legal draft): the
 * question, what it means, and a form with Cancel, focused first so that Enter alone does not act, and
 * the button that acts. The route's action answers a refusal (429, a stale form) here: its toast, and the same
 * words in the form's alert without JavaScript.
 */
export function ConfirmScreen({
  title,
  cancelTo,
  hidden,
  submit,
  children,
}: {
  title: string;
  cancelTo: string;
  /** The form's hidden fields. */
  hidden?: ReactNode;
  submit: ReactNode;
  children: ReactNode;
}) {
  const cancel = useFocusOnMount<HTMLAnchorElement>();
  const formError = useFormRefusal(useActionData<FormRefusalReply>());
  return (
    <ConfirmFrame title={title}>
      {children}
      <Form method="post" replace className="grid gap-4">
        {hidden}
        <FormAlert message={formError} />
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={cancelTo} className={secondaryButton} ref={cancel}>
            Cancel
          </Link>
          {submit}
        </div>
      </Form>
    </ConfirmFrame>
  );
}

/** The question and its panel, also for when there is nothing to confirm. */
export function ConfirmFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <AdminPageHeader title={title} />
      <div className={`${panelClass} grid max-w-2xl gap-4 p-4 sm:p-6`}>{children}</div>
    </>
  );
}
