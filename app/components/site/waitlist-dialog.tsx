import * as Dialog from "@radix-ui/react-dialog";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CloseIcon } from "~/components/ui/icons";
import type { loader as waitlistLoader, WaitlistActionData } from "~/routes/_site.waitlist";
import { WAITLIST_ACTION, WaitlistForm, WaitlistSentPanel } from "./waitlist-form";

/**
 * The waitlist form in a dialog: the platforms and the preselected one come from /waitlist's own loader,
 * and the form posts to /waitlist's action, so the messages under each field and the confirmation are the
 * page's own. Radix traps focus while it is open and Escape closes it; focus then goes back to the link.
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
    if (choices.state === "idle" && !choices.data) choices.load(`${WAITLIST_ACTION}?platform=${encodeURIComponent(platform)}`);
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
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-navy-200 bg-white p-5 shadow-2xl sm:p-6"
          onCloseAutoFocus={(event) => {
            if (returnFocus()) event.preventDefault();
          }}
        >
          <div className="mb-4 pr-8">
            <Dialog.Title className="text-subheading font-semibold text-navy-950">Join the waitlist</Dialog.Title>
            <Dialog.Description className="mt-1 text-caption text-navy-600">
              Tell us which platforms you would like to use.
            </Dialog.Description>
          </div>
          <div ref={body}>
            {answer?.status === "success" ? (
              <WaitlistSentPanel />
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
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded-md p-2 text-navy-500 hover:bg-navy-50 hover:text-navy-900"
          >
            <CloseIcon />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
