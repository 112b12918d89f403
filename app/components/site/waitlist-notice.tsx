import { CheckIcon } from "~/components/ui/icons";

/** The answer of a waitlist link (confirmed, unsubscribed, or a link that no longer works). */
export function WaitlistNotice({ ok, text }: { ok: boolean; text: string }) {
  return ok ? (
    <div
      role="status"
      className="flex items-start gap-3 rounded-md border border-accent-600 bg-accent-50 p-4 text-accent-900"
    >
      <CheckIcon className="mt-0.5 size-5 shrink-0" />
      <p className="font-medium">{text}</p>
    </div>
  ) : (
    <div role="status" className="grid gap-3 rounded-md border border-navy-200 bg-navy-50 p-4 text-navy-900">
      <p className="font-medium">{text}</p>
      <p>
        <a
          href="/waitlist"
          className="font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800"
        >
          Join the waitlist
        </a>
      </p>
    </div>
  );
}
