import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { onConsentRecorded } from "~/utils/consent-store";
import { formatLondonDateTime } from "~/utils/london-time";

/** The visitor's latest consent record as /cookies shows it (no JSON-only fields). */
export interface ConsentRecordSummaryData {
  consentId: string;
  version: number;
  choices: Record<string, boolean>;
  action: "accept" | "decline" | "withdraw";
  recordedAt: string;
}

export const CONSENT_RECORD_DOWNLOAD = "/consent/record.json";

const ACTION_TEXT: Record<ConsentRecordSummaryData["action"], string> = {
  accept: "You accepted analytics cookies",
  decline: "You declined analytics cookies",
  withdraw: "You withdrew your consent to analytics cookies",
};

/**
 * The visitor's side of the consent record on /cookies: their current recorded choice, when, under which
 * consent version, and their consent id, with the download of every record kept under it. After a choice
 * made here with JavaScript, it reloads once the server has stored the new record.
 */
export function ConsentRecordSummary({ record, consentVersion }: { record: ConsentRecordSummaryData | null; consentVersion: number }) {
  const revalidator = useRevalidator();
  useEffect(() => onConsentRecorded(() => revalidator.revalidate()), [revalidator]);
  if (!record) {
    return (
      <p className="text-sm text-navy-700">
        We hold no record of a cookie choice from this browser. When you choose, we keep a record of it (a random
        consent id, your choice, the date and the version of our cookie list) so that we can show what you agreed to.
      </p>
    );
  }
  return (
    <div className="rounded-lg border border-navy-200 bg-navy-50 p-4 text-sm text-navy-800">
      <h3 className="font-semibold text-navy-950">Your consent record</h3>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="font-semibold text-navy-900">Current choice</dt>
        <dd data-testid="consent-choice">{ACTION_TEXT[record.action]}</dd>
        <dt className="font-semibold text-navy-900">Date</dt>
        <dd>{formatLondonDateTime(record.recordedAt)}</dd>
        <dt className="font-semibold text-navy-900">Consent id</dt>
        <dd>
          <code className="font-mono text-xs break-all text-navy-950" data-testid="consent-id">
            {record.consentId}
          </code>
        </dd>
        <dt className="font-semibold text-navy-900">Cookie list version</dt>
        <dd>
          {record.version}
          {record.version < consentVersion ? ` (our cookie list has changed since: version ${consentVersion})` : null}
        </dd>
      </dl>
      <p className="mt-3">
        <a
          href={CONSENT_RECORD_DOWNLOAD}
          download
          className="font-medium text-accent-800 underline underline-offset-4 hover:text-accent-900"
        >
          Download my consent record
        </a>{" "}
        (JSON: every record kept under this consent id).
      </p>
    </div>
  );
}
