import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useLoaderData } from "@remix-run/react";
import { DataTable, NumberCell } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { LabelledField } from "~/components/admin/fields";
import { inputClass, panelClass, primaryButton, secondaryButton } from "~/components/admin/styles";
import { consentRecordsFor, consentSummary, isConsentId } from "~/models/consent-records.server";
import { getCookieRegister } from "~/models/cookie-register.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { formatLondonDateTime } from "~/utils/london-time";

export const meta: MetaFunction = () => adminMeta("Consent");

const BAD_ID =
  "Enter a consent id as the visitor's cookie settings show it (32 letters and digits in five groups)";

/**
 * /admin/consent: the choices visitors made, per day over the last 30 days, the current accept rate, and
 * the records of one consent id (what a visitor or the ICO would ask for), exportable.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const asked = new URL(request.url).searchParams.get("consentId")?.trim() ?? "";
  const consentId = asked.toLowerCase();
  const valid = asked === "" || isConsentId(consentId);
  const [summary, register, records] = await Promise.all([
    consentSummary(30),
    getCookieRegister(),
    asked !== "" && valid ? consentRecordsFor(consentId) : Promise.resolve(null),
  ]);
  return data(
    {
      summary,
      consentVersion: register.consentVersion,
      retentionMonths: register.consentRetentionMonths,
      asked,
      error: valid ? null : BAD_ID,
      records,
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

const ACTION_LABEL = { accept: "Accepted", decline: "Declined", withdraw: "Withdrew" } as const;
const HOW_LABEL = {
  "banner-js": "Banner",
  "banner-no-js": "Banner (no JavaScript)",
  "cookies-page": "Cookie settings",
  api: "API",
} as const;

export default function ConsentScreen() {
  const { summary, consentVersion, retentionMonths, asked, error, records } = useLoaderData<typeof loader>();
  const rate = summary.current.acceptRate;
  const days = [...summary.days].reverse();
  const totals = summary.days.reduce(
    (sum, day) => ({
      accept: sum.accept + day.accept,
      decline: sum.decline + day.decline,
      withdraw: sum.withdraw + day.withdraw,
    }),
    { accept: 0, decline: 0, withdraw: 0 },
  );
  return (
    <>
      <AdminPageHeader
        title="Consent"
        description={`Every cookie choice visitors made, kept ${retentionMonths} months. Current consent version: ${consentVersion}.`}
      />
      <section aria-labelledby="consent-lookup-title" className={`${panelClass} mb-6 p-4`}>
        <h2 id="consent-lookup-title" className="text-base font-semibold text-navy-950">
          Find a visitor&apos;s records
        </h2>
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
          <LabelledField
            meta={{ id: "consent-id", errorId: "consent-id-error", errors: error ? [error] : undefined }}
            label="Consent id"
            hint="The visitor finds it on the cookie policy page, under Cookie settings."
            className="grid min-w-0 flex-1 gap-1"
          >
            <input
              id="consent-id"
              name="consentId"
              defaultValue={asked}
              className={`${inputClass} font-mono`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "consent-id-hint consent-id-error" : "consent-id-hint"}
              autoComplete="off"
              spellCheck={false}
            />
          </LabelledField>
          <button type="submit" className={`${primaryButton} mb-5`}>
            Find records
          </button>
        </Form>
        {records ? (
          records.length === 0 ? (
            <p className="mt-2 text-sm text-navy-800" role="status">
              No records are kept for this consent id (never used, or deleted after {retentionMonths} months).
            </p>
          ) : (
            <div className="mt-2 grid gap-3">
              <p className="text-sm text-navy-800" role="status">
                {records.length} record{records.length === 1 ? "" : "s"} for{" "}
                <code className="font-mono">{records[0]!.consentId}</code>, oldest first.
              </p>
              <DataTable
                caption={`Consent records of ${records[0]!.consentId}, oldest first`}
                minWidth="min-w-[44rem]"
                columns={["Recorded", "Choice", "Analytics", "How", "Consent version", "Wording version"]}
              >
                {records.map((record, index) => (
                  <tr key={index}>
                    <td className="px-4 py-3">{formatLondonDateTime(record.recordedAt)}</td>
                    <td className="px-4 py-3">{ACTION_LABEL[record.action]}</td>
                    <td className="px-4 py-3">{record.choices.analytics ? "On" : "Off"}</td>
                    <td className="px-4 py-3">{HOW_LABEL[record.how]}</td>
                    <NumberCell>{record.version}</NumberCell>
                    <NumberCell>{record.wordingVersion}</NumberCell>
                  </tr>
                ))}
              </DataTable>
              <p className="flex flex-wrap gap-2">
                <a
                  href={`/admin/consent/records.csv?consentId=${encodeURIComponent(records[0]!.consentId)}`}
                  download
                  className={secondaryButton}
                >
                  Export CSV
                </a>
                <a
                  href={`/api/admin/consent/records?consentId=${encodeURIComponent(records[0]!.consentId)}`}
                  className={secondaryButton}
                >
                  Export JSON
                </a>
              </p>
            </div>
          )
        ) : null}
      </section>

      <section aria-labelledby="consent-rate-title" className={`${panelClass} mb-6 p-4`}>
        <h2 id="consent-rate-title" className="text-base font-semibold text-navy-950">
          Current accept rate
        </h2>
        <p className="mt-1 text-sm text-navy-800">
          {rate === null ? (
            "No consent records are kept yet."
          ) : (
            <>
              <strong className="text-2xl text-navy-950 tabular-nums">{Math.round(rate * 1000) / 10}%</strong>{" "}
              ({summary.current.accepting} of {summary.current.consentIds} consent ids): of the latest record
              of each consent id still kept, the share that accepts analytics now. A later decline or
              withdrawal replaces an accept.
            </>
          )}
        </p>
      </section>

      <section aria-labelledby="consent-days-title">
        <h2 id="consent-days-title" className="mb-2 text-base font-semibold text-navy-950">
          Choices per day, last 30 days
        </h2>
        <p className="mb-3 text-sm text-navy-700">
          In 30 days: {totals.accept} accepted, {totals.decline} declined, {totals.withdraw} withdrew. Days
          are UTC, newest first.
        </p>
        <DataTable
          caption="Consent choices per day over the last 30 days, newest first"
          minWidth="min-w-[28rem]"
          columns={["Day", "Accepted", "Declined", "Withdrew"]}
        >
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row" className="px-4 py-2 font-medium text-navy-900">
                {day.day}
              </th>
              <td className="px-4 py-2 tabular-nums">{day.accept}</td>
              <td className="px-4 py-2 tabular-nums">{day.decline}</td>
              <td className="px-4 py-2 tabular-nums">{day.withdraw}</td>
            </tr>
          ))}
        </DataTable>
      </section>
    </>
  );
}
