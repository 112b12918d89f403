import { Form, Link } from "@remix-run/react";
import { inboxChildPath } from "~/utils/inbox-urls";
import { errorClass, hintClass, inputClass, labelClass, panelClass, secondaryButton, smallDangerButton, smallSecondaryButton } from "~/components/admin/styles";

/** What the inbox's person filter says: the address asked for, and a message when it is not one. */
export interface PersonFilterView {
  email: string | null;
  typed: string;
  error: string | null;
}

/**
 * Find one person's messages by their address (a form that works without JavaScript: a plain GET), and
 * how long messages are kept.
 */
export function PersonFinder({ person, retentionMonths }: { person: PersonFilterView; retentionMonths: number }) {
  return (
    <section aria-labelledby="person-finder-heading" className={`${panelClass} mb-4 grid gap-3 p-4`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="person-finder-heading" className="text-base font-semibold text-navy-950">
          A person&apos;s messages
        </h2>
        <p className={hintClass}>
          Messages are deleted {retentionMonths} months after they arrive.{" "}
          <Link to="/admin/messages/retention" className="font-medium text-accent-800 underline underline-offset-2">
            Change how long messages are kept
          </Link>
        </p>
      </div>
      <Form method="get" action="/admin/messages" className="grid gap-1">
        <label htmlFor="person-email" className={labelClass}>
          E-mail address
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            id="person-email"
            name="email"
            type="email"
            defaultValue={person.typed}
            autoComplete="off"
            aria-describedby={person.error ? "person-email-hint person-email-error" : "person-email-hint"}
            aria-invalid={person.error ? true : undefined}
            className={`${inputClass} min-w-0 flex-1 basis-64`}
          />
          <button type="submit" className={secondaryButton}>
            Find messages
          </button>
          {person.email !== null || person.error ? (
            <Link to="/admin/messages" className={secondaryButton}>
              Show all messages
            </Link>
          ) : null}
        </div>
        <p id="person-email-hint" className={hintClass}>
          To answer a request to see or erase someone&apos;s data: every message from that address.
        </p>
        {person.error ? (
          <p id="person-email-error" className={errorClass}>
            {person.error}
          </p>
        ) : null}
      </Form>
    </section>
  );
}

/**
 * One person's messages found (and their waitlist entry, if they have one): download them all, or erase
 * them all (after a confirmation).
 */
export function PersonTools({ email, total, waitlistStatus = null }: { email: string; total: number; waitlistStatus?: string | null }) {
  const query = `?email=${encodeURIComponent(email)}`;
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-navy-200 bg-navy-50 px-4 py-3">
      <p className="text-sm text-navy-900">
        <span className="font-semibold">
          {total} message{total === 1 ? "" : "s"}
        </span>{" "}
        from <span className="break-all">{email}</span>
        {waitlistStatus ? <span>, and a waitlist entry ({waitlistStatus})</span> : null}
      </p>
      {total > 0 || waitlistStatus ? (
        <div className="flex flex-wrap gap-2">
          <a href={`/admin/messages/export.json${query}`} download className={smallSecondaryButton}>
            Export JSON
          </a>
          {total > 0 ? (
            <a href={`/admin/messages.csv${query}`} download className={smallSecondaryButton}>
              Export CSV
            </a>
          ) : null}
          <Link to={inboxChildPath("erase", email)} className={smallDangerButton}>
            {total > 0 ? `Erase all ${total}` : "Erase waitlist entry"}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
