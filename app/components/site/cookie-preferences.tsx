import { useLocation } from "@remix-run/react";
import type { MouseEvent } from "react";
import { buttonClass } from "~/components/ui/button";
import type { ConsentChoice } from "~/utils/consent";
import { saveConsent, useConsent } from "~/utils/consent-store";
import { CONSENT_ACTION, ConsentChoiceButton } from "./cookie-banner";

const CURRENT_CHOICE: Record<ConsentChoice | "none", string> = {
  accepted: "You have accepted analytics cookies.",
  declined: "You have declined analytics cookies: none are set.",
  none: "You have not made a choice yet, so no analytics cookies are set.",
};

const choiceButton = buttonClass("secondary", "md", "min-w-52 aria-pressed:border-accent-700 aria-pressed:bg-accent-50");

/**
 * Cookie settings on /cookies (inside #cookie-settings): the current choice, and the same two choices
 * as the banner, as easy to change as they were to give, and, once accepted, a withdrawal as easy as the
 * acceptance. Works without JavaScript (posts to /consent); with it, the change applies at once, and
 * Decline or Withdraw stops analytics and deletes its cookies. Every choice is stored as a consent record.
 */
export function CookiePreferences() {
  const { choice } = useConsent();
  const { pathname } = useLocation();

  function choose(event: MouseEvent<HTMLButtonElement>, value: ConsentChoice | "withdrawn") {
    event.preventDefault();
    if (value === "withdrawn") saveConsent("declined", "cookies-page", true);
    else saveConsent(value, "cookies-page");
  }

  return (
    <form method="post" action={CONSENT_ACTION} className="grid gap-4">
      <input type="hidden" name="returnTo" value={`${pathname}#cookie-settings`} />
      <input type="hidden" name="source" value="cookies-page" />
      <p role="status" className="font-medium text-navy-900">
        {CURRENT_CHOICE[choice ?? "none"]}
      </p>
      <div className="flex flex-wrap gap-3">
        <ConsentChoiceButton value="accepted" aria-pressed={choice === "accepted"} className={choiceButton} onChoose={choose}>
          Accept analytics cookies
        </ConsentChoiceButton>
        <ConsentChoiceButton value="declined" aria-pressed={choice === "declined"} className={choiceButton} onChoose={choose}>
          Decline analytics cookies
        </ConsentChoiceButton>
        {choice === "accepted" ? (
          <ConsentChoiceButton value="withdrawn" className={buttonClass("secondary", "md", "min-w-52")} onChoose={choose}>
            Withdraw my consent
          </ConsentChoiceButton>
        ) : null}
      </div>
    </form>
  );
}
