import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { loader as waitlistLoader, WaitlistActionData } from "~/routes/_site.waitlist";
import { SiteDialog } from "./site-dialog";
import { WAITLIST_ACTION, WaitlistForm, WaitlistDonePanel } from "./waitlist-form";

/**
 * The waitlist form in a dialog: the platforms and the preselected one come from /waitlist's own loader,
 * and the form posts to /waitlist's action, so the messages under each field and the confirmation are the
 * page's own.
 */
export function WaitlistDialog({
  platform,
  open,
  onClose,
  returnFocus,
}: {
  platform: string;
  open: boolean;
  onClose: () => void;
  returnFocus: () => boolean;
}) {
  const choices = useFetcher<typeof waitlistLoader>();
  const join = useFetcher<WaitlistActionData>();
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (choices.state === "idle" && !choices.data)
      choices.load(`${WAITLIST_ACTION}?platform=${encodeURIComponent(platform)}`);
  }, [choices, platform]);

  const answer = join.state === "idle" ? join.data : undefined;
  const failed = answer && answer.status !== "success" ? answer : undefined;
  // After a refused post, focus the first field with a message (or the form's own message).
  useEffect(() => {
    if (!failed) return;
    const first = body.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [failed]);

  return (
    <SiteDialog
      open={open}
      onClose={onClose}
      returnFocus={returnFocus}
      title="Join the waitlist"
      description="Tell us which platforms you would like to use."
    >
      <div ref={body}>
        {answer?.status === "success" ? (
          <WaitlistDonePanel />
        ) : !choices.data ? (
          <p role="status" className="text-caption text-navy-600">
            Loading the form…
          </p>
        ) : choices.data.platforms.length === 0 ? (
          <p className="text-navy-800">No platform has a waitlist at the moment.</p>
        ) : (
          <WaitlistForm
            id="waitlist-dialog-form"
            Form={join.Form}
            busy={join.state !== "idle"}
            platforms={choices.data.platforms}
            values={failed?.values ?? { platforms: choices.data.preselected }}
            errors={failed?.errors ?? {}}
          />
        )}
      </div>
    </SiteDialog>
  );
}
