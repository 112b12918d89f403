import { Form, Link, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useIsSubmitting } from "~/components/admin/fields";
import { panelClass, primaryButton, secondaryButton } from "~/components/admin/styles";

/** The editor's intent and the `?confirm=` value that asks first (see app/server/publishing/editor.server.ts). */
const INTENT = "publish-now";
const CONFIRM = "publish-now";
const SECTION_ID = "publish-now";

/**
 * A scheduled post or role: "Publish now" instead of clearing Publish at. The button is a link to the
 * editor's own address with `?confirm=publish-now`, which shows the question in place (the same with or
 * without JavaScript); "Publish now" there posts the editor's `publish-now` intent with the version shown,
 * which publishes the record as it is saved. Cancel goes back to the editor and is where focus starts.
 */
export function PublishNowPanel({
  noun,
  scheduledFor,
  version,
}: {
  noun: "post" | "role";
  /** "Scheduled for 1 December 2026, 09:30 GMT", as the header says. */
  scheduledFor: string;
  version: number;
}) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const asking = params.get("confirm") === CONFIRM;
  const publishing = useIsSubmitting(INTENT);
  const cancel = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);
  return (
    <section id={SECTION_ID} aria-labelledby="publish-now-title" className={`${panelClass} mt-6 grid gap-3 p-4 sm:p-6`}>
      <h2 id="publish-now-title" className="text-lg font-semibold text-navy-950">
        {asking ? `Publish this ${noun} now?` : "Publish now"}
      </h2>
      {asking ? (
        <Form method="post" action={pathname} replace preventScrollReset className="grid gap-3">
          <p className="text-sm text-navy-800">
            {`Visitors will see the ${noun} as it is saved from now on, instead of at its scheduled time (${scheduledFor.replace(/^Scheduled for /, "")}). Unsaved changes in the form above are not included: save them first.`}
          </p>
          <input type="hidden" name="intent" value={INTENT} />
          <input type="hidden" name="version" value={version} />
          <div className="flex flex-wrap justify-end gap-2">
            <Link ref={cancel} to={pathname} replace preventScrollReset className={secondaryButton}>
              Cancel
            </Link>
            <button type="submit" className={primaryButton} disabled={publishing}>
              {publishing ? "Publishing..." : `Publish ${noun} now`}
            </button>
          </div>
        </Form>
      ) : (
        <>
          <p className="text-sm text-navy-700">
            {`It goes live by itself at its scheduled time. Publish it now instead, and visitors see it at once: you will be asked to confirm.`}
          </p>
          <div>
            <Link to={`${pathname}?confirm=${CONFIRM}#${SECTION_ID}`} preventScrollReset className={secondaryButton}>
              Publish now...
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
