import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ButtonHTMLAttributes, type KeyboardEvent, type MouseEvent, type Ref } from "react";
import { buttonClass } from "~/components/ui/button";
import { CloseIcon } from "~/components/ui/icons";
import { CONSENT_DISMISSED, COOKIE_BANNER_DELAY_MS, type ConsentCookieValue } from "~/utils/consent";
import { closeBannerForVisit, saveConsent, useConsent } from "~/utils/consent-store";
import { useHydrated } from "~/utils/hydrated";

export const CONSENT_ACTION = "/consent";
export const COOKIE_SETTINGS_HREF = "/cookies#cookie-settings";

type ChooseHandler = (event: MouseEvent<HTMLButtonElement>, value: ConsentCookieValue) => void;

/**
 * A submit button of a consent form (the banner's, the cookie settings'): it posts its choice to
 * CONSENT_ACTION, or, with `onChoose`, hands it to the script instead.
 */
export function ConsentChoiceButton<Value extends ConsentCookieValue | "withdrawn">({
  value,
  onChoose,
  ...rest
}: {
  value: Value;
  onChoose?: (event: MouseEvent<HTMLButtonElement>, value: Value) => void;
} & Pick<ButtonHTMLAttributes<HTMLButtonElement>, "className" | "aria-label" | "aria-pressed" | "children">) {
  return (
    <button
      type="submit"
      name="choice"
      value={value}
      onClick={onChoose ? (event) => onChoose(event, value) : undefined}
      {...rest}
    />
  );
}

/**
 * The cookie banner (SPEC 4): shown COOKIE_BANNER_DELAY_MS after load while no choice is saved.
 * Without JavaScript it is in the page from the start (inside <noscript>, so a browser with JavaScript
 * never paints it early) as a form posting the choice to /consent, which comes back to this page.
 * A visitor whose cookie says they chose never receives it at all.
 */
export function CookieBanner() {
  const consent = useConsent();
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const undecided = consent.choice === null && !consent.dismissed;
  const [due, setDue] = useState(false);

  useEffect(() => {
    if (!undecided) return;
    const timer = window.setTimeout(() => setDue(true), COOKIE_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [undecided]);

  if (!undecided) return null;
  const returnTo = `${pathname}${search}`;
  if (!hydrated) {
    return (
      <noscript>
        <BannerView returnTo={returnTo} />
      </noscript>
    );
  }
  return due ? <InteractiveBanner returnTo={returnTo} /> : null;
}

/**
 * With JavaScript: the choice is saved in the browser; Escape closes the banner as its close icon does;
 * and the keyboard focus, which would otherwise fall to the page's start when the banner goes, goes back
 * where it was before it entered the banner (or on to what follows the banner).
 */
function InteractiveBanner({ returnTo }: { returnTo: string }) {
  const section = useRef<HTMLElement>(null);
  const cameFrom = useRef<HTMLElement | null>(null);

  const restoreFocus = () => {
    const banner = section.current;
    if (!banner || !banner.contains(document.activeElement)) return;
    const target = cameFrom.current?.isConnected ? cameFrom.current : nextTabStopAfter(banner);
    target?.focus();
  };
  const choose = (event: MouseEvent<HTMLButtonElement> | KeyboardEvent<HTMLElement>, value: ConsentCookieValue) => {
    event.preventDefault();
    restoreFocus();
    if (value === CONSENT_DISMISSED) closeBannerForVisit();
    else saveConsent(value);
  };
  return (
    <BannerView
      sectionRef={section}
      returnTo={returnTo}
      onChoose={choose}
      onFocusEnter={(from) => {
        cameFrom.current = from;
      }}
      onEscape={(event) => choose(event, CONSENT_DISMISSED)}
    />
  );
}

/** The first element after `element` in the document that the Tab key would reach. */
function nextTabStopAfter(element: HTMLElement): HTMLElement | null {
  const candidates = document.querySelectorAll<HTMLElement>(
    'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
  );
  for (const candidate of candidates) {
    if (element.contains(candidate)) continue;
    if (element.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING) return candidate;
  }
  return document.getElementById("main");
}

function BannerView({
  sectionRef,
  returnTo,
  onChoose,
  onFocusEnter,
  onEscape,
}: {
  sectionRef?: Ref<HTMLElement>;
  returnTo: string;
  onChoose?: ChooseHandler;
  onFocusEnter?: (from: HTMLElement | null) => void;
  onEscape?: (event: KeyboardEvent<HTMLElement>) => void;
}) {
  const choiceButton = buttonClass("primaryOnDark", "md", "min-w-28");
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape pressed on any control inside closes the banner, as its close button does
    <section
      ref={sectionRef}
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-40 p-3 sm:p-4"
      data-cookie-banner=""
      onFocus={
        onFocusEnter
          ? (event) => {
              const from = event.relatedTarget;
              if (!(from instanceof HTMLElement) || !event.currentTarget.contains(from)) onFocusEnter(from instanceof HTMLElement ? from : null);
            }
          : undefined
      }
      onKeyDown={
        onEscape
          ? (event) => {
              if (event.key === "Escape") onEscape(event);
            }
          : undefined
      }
    >
      <form
        method="post"
        action={CONSENT_ACTION}
        className="relative mx-auto max-w-4xl rounded-lg border border-navy-700 bg-navy-950 p-5 pr-12 text-white shadow-2xl sm:flex sm:items-center sm:gap-6"
      >
        <input type="hidden" name="returnTo" value={returnTo} />
        <div className="text-sm leading-6 text-navy-100">
          <p className="font-semibold text-white">We use cookies</p>
          <p className="mt-1">
            Strictly necessary cookies keep this site working. With your permission we would also use Google
            Analytics cookies to learn how the site is used. You can change your choice at any time in the{" "}
            <a href={COOKIE_SETTINGS_HREF} className="font-medium text-accent-300 underline underline-offset-4 hover:text-accent-200">
              cookie settings
            </a>
            .
          </p>
        </div>
        <div className="mt-4 flex shrink-0 gap-3 sm:mt-0">
          <ConsentChoiceButton value="declined" className={choiceButton} onChoose={onChoose}>
            Decline
          </ConsentChoiceButton>
          <ConsentChoiceButton value="accepted" className={choiceButton} onChoose={onChoose}>
            Accept
          </ConsentChoiceButton>
        </div>
        <ConsentChoiceButton
          value={CONSENT_DISMISSED}
          aria-label="Close"
          className="absolute top-2 right-2 rounded-md p-2 text-navy-200 hover:bg-navy-800 hover:text-white"
          onChoose={onChoose}
        >
          <CloseIcon />
        </ConsentChoiceButton>
      </form>
    </section>
  );
}
