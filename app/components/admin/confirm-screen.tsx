import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useFocusOnMount } from "~/hooks/use-focus-on-mount";
import { FormAlert } from "./fields";
import { AdminPageHeader } from "./page-header";
import { panelClass, secondaryButton } from "./styles";

/**
 * A screen that asks before an action that cannot be undone (publish or discard a legal draft): the
 * question, what it means, and a form with Cancel, focused first so that Enter alone does not act, and
 * the button that acts.
 */
export function ConfirmScreen({
  title,
  cancelTo,
  formError,
  hidden,
  submit,
  children,
}: {
  title: string;
  cancelTo: string;
  formError: string | undefined;
  /** The form's hidden fields. */
  hidden?: ReactNode;
  submit: ReactNode;
  children: ReactNode;
}) {
  const cancel = useFocusOnMount<HTMLAnchorElement>();
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
