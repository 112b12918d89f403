import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { AdminList } from "~/components/admin/list/admin-list";
import { ListFilter } from "~/components/admin/list/list-filter";
import { formatAdminTime } from "~/components/admin/format-time";
import { LoadingStatus } from "~/components/admin/loading-status";
import { ListSection } from "~/components/admin/publishing/list-section";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { FROM_LIST, RecordOutlet } from "~/components/admin/record-dialog";
import { ListRow, RecordActions } from "~/components/admin/record-list";
import { StatusBadge, type BadgeTone } from "~/components/admin/status-badge";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { primaryButton, secondaryButton, smallSecondaryButton } from "~/components/admin/styles";
import { ignoreNotFound, listRedirects, REDIRECTS_PAGE_SIZE, topNotFound } from "~/models/redirects.server";
import { ignoreNotFoundSchema, STATUS_LABELS, type RedirectStatusCode } from "~/schemas/redirect";
import { ADMIN_CACHE_HEADERS, failureToast, successToast } from "~/server/forms/admin-action.server";
import { handleAdminButton } from "~/server/forms/admin-button.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { pageWindow, requestedPage, withPage } from "~/utils/pagination";

export const meta: MetaFunction = () => adminMeta("Redirects");

/** Longest filter text looked for; a longer one is cut (nobody types a 200-character filter). */
const MAX_QUERY_LENGTH = 200;

const IGNORE_FAILED = "Failed to ignore the address. Please try again.";

/** The list's filter and page from a URL, as the list reads them. */
function listState(url: URL): { query: string; page: number } {
  return {
    query: (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH),
    page: requestedPage(url.searchParams),
  };
}

/** The list's own address for a filter: /admin/redirects or /admin/redirects?q=... */
function filteredList(query: string): string {
  return query ? `/admin/redirects?${new URLSearchParams({ q: query }).toString()}` : "/admin/redirects";
}

/** The list's own address for a filter and page: /admin/redirects, ?q=..., &page=... */
function listHref(query: string, page: number): string {
  return withPage(filteredList(query), page);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const now = new Date();
  const { query, page: requested } = listState(new URL(request.url));
  const [first, missing] = await Promise.all([listRedirects({ query, page: requested }), topNotFound(20)]);
  let { rules, total } = first;
  // Past the last page (after deletions): the last page.
  const { page, pageCount } = pageWindow(total, requested, REDIRECTS_PAGE_SIZE);
  if (page !== requested) ({ rules, total } = await listRedirects({ query, page }));
  return data(
    {
      query,
      page,
      pageCount,
      total,
      rules: rules.map((rule) => ({
        id: rule.id,
        from: rule.from,
        to: rule.to,
        statusCode: rule.statusCode as RedirectStatusCode,
        note: rule.note,
        hits: rule.hits,
        lastHitAt: rule.lastHitAt?.toISOString() ?? null,
        lastHit: rule.lastHitAt ? formatAdminTime(rule.lastHitAt, now) : null,
      })),
      missing: missing.map((entry) => ({
        path: entry.path,
        hits: entry.hits,
        lastSeenAt: entry.lastSeenAt.toISOString(),
        lastSeen: formatAdminTime(entry.lastSeenAt, now),
        referrerHost: entry.referrerHost,
      })),
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

/** The missing-addresses list's "Ignore": the address leaves the list (it is still counted). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { query, page } = listState(new URL(request.url));
  return handleAdminButton({
    request,
    context,
    intents: ["ignore"],
    back: listHref(query, page),
    failureMessage: IGNORE_FAILED,
    async run(form) {
      const parsed = ignoreNotFoundSchema.safeParse({ path: form.get("path") });
      if (!parsed.success) return failureToast(IGNORE_FAILED);
      return (await ignoreNotFound(parsed.data.path))
        ? successToast("Address ignored.")
        : { title: "Nothing to ignore", description: "That address is no longer in the list." };
    },
  });
}

export const shouldRevalidate = revalidateAfterConflict;

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function Redirects() {
  const { query, page, pageCount, total, rules, missing } = useLoaderData<typeof loader>();
  const listUrl = listHref(query, page);
  return (
    <>
      <AdminPageHeader
        title="Redirects"
        description="Send old addresses to new ones, mark retired pages as gone, and fix the addresses visitors could not find."
        actions={
          <>
            <Link to="new" state={FROM_LIST} preventScrollReset className={primaryButton}>
              Add Redirect
            </Link>
            <Link to="import" state={FROM_LIST} preventScrollReset className={secondaryButton}>
              Import CSV
            </Link>
            <a href="/admin/redirects.csv" download className={secondaryButton}>
              Export CSV
            </a>
          </>
        }
      />
      <RecordOutlet listUrl={listUrl} />
      <LoadingStatus path="/admin/redirects" text="Loading redirects..." />

      <ListSection
        id="redirect-rules-title"
        title="Rules"
        count={
          query
            ? `${total.toLocaleString("en-GB")} ${total === 1 ? "rule matches" : "rules match"}`
            : `${total.toLocaleString("en-GB")} ${total === 1 ? "rule" : "rules"}`
        }
      >
        <FilterForm query={query} />
        <AdminList
          items={rules}
          empty={
            query ? `No redirects match “${query}”.` : "No redirects yet. Add one, or import a CSV file."
          }
          pager={{
            label: "Redirect pages",
            listUrl: filteredList(query),
            page,
            pageCount,
            count: `${total.toLocaleString("en-GB")} redirects`,
          }}
        >
          {(rule) => <RuleRow key={rule.id} rule={rule} />}
        </AdminList>
      </ListSection>

      <MissingAddresses missing={missing} listUrl={listUrl} />
    </>
  );
}

function FilterForm({ query }: { query: string }) {
  return (
    <ListFilter
      label="Redirects"
      idPrefix="redirects"
      clearTo="/admin/redirects"
      active={query !== ""}
      fields={[
        {
          kind: "search",
          name: "q",
          label: "Filter redirects",
          value: query,
          maxLength: MAX_QUERY_LENGTH,
          hint: "Matches any part of From, To or the note.",
        },
      ]}
    />
  );
}

const STATUS_TONES: Record<RedirectStatusCode, BadgeTone> = {
  301: "neutral",
  308: "neutral",
  302: "accent",
  307: "accent",
  410: "warning",
};

function RuleRow({ rule }: { rule: LoaderData["rules"][number] }) {
  const gone = rule.statusCode === 410;
  return (
    <ListRow>
      <div className="grid min-w-0 flex-1 basis-72 gap-1.5">
        <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 font-mono text-sm">
          <span className="min-w-0 font-semibold break-all text-navy-950">{rule.from}</span>
          <span aria-hidden="true" className="text-navy-500">
            →
          </span>
          <span className="sr-only">to</span>
          {gone ? (
            <span className="font-sans font-medium text-amber-900">Gone</span>
          ) : (
            <span className="min-w-0 break-all text-navy-800">{rule.to}</span>
          )}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-navy-600">
          <StatusBadge tone={STATUS_TONES[rule.statusCode]}>{STATUS_LABELS[rule.statusCode]}</StatusBadge>
          <span className="tabular-nums">
            {rule.hits.toLocaleString("en-GB")} {rule.hits === 1 ? "hit" : "hits"}
          </span>
          {rule.lastHitAt ? (
            <span>
              Last hit <time dateTime={rule.lastHitAt}>{rule.lastHit}</time>
            </span>
          ) : (
            <span>Not used yet</span>
          )}
        </p>
        {rule.note ? <p className="text-xs break-words text-navy-700">{rule.note}</p> : null}
      </div>
      <RecordActions basePath="/admin/redirects" id={rule.id} name={rule.from} />
    </ListRow>
  );
}

function MissingAddresses({ missing, listUrl }: { missing: LoaderData["missing"]; listUrl: string }) {
  return (
    <section aria-labelledby="missing-addresses-title" className="mt-10">
      <h2 id="missing-addresses-title" className="text-lg font-semibold text-navy-950">
        Missing addresses
      </h2>
      <p className="mt-1 mb-3 text-sm text-navy-600">
        Addresses visitors asked for that this site does not have, most visited first. Redirect one to where
        its content is now, or ignore it.
      </p>
      <AdminList items={missing} empty="No missing addresses recorded.">
        {(entry) => (
          <ListRow key={entry.path}>
            <div className="grid min-w-0 flex-1 basis-72 gap-1">
              <p className="font-mono text-sm font-semibold break-all text-navy-950">{entry.path}</p>
              <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-navy-600">
                <span className="tabular-nums">
                  {entry.hits.toLocaleString("en-GB")} {entry.hits === 1 ? "visit" : "visits"}
                </span>
                <span>
                  Last seen <time dateTime={entry.lastSeenAt}>{entry.lastSeen}</time>
                </span>
                <span className="break-all">
                  {entry.referrerHost ? `Linked from ${entry.referrerHost}` : "No referring site"}
                </span>
              </p>
            </div>
            <div className="flex gap-2">
              <Link
                to={`/admin/redirects/new?from=${encodeURIComponent(entry.path)}`}
                state={FROM_LIST}
                preventScrollReset
                className={smallSecondaryButton}
              >
                Redirect this<span className="sr-only"> {entry.path}</span>
              </Link>
              <Form method="post" action={listUrl} preventScrollReset>
                <input type="hidden" name="intent" value="ignore" />
                <input type="hidden" name="path" value={entry.path} />
                <button type="submit" className={smallSecondaryButton}>
                  Ignore<span className="sr-only"> {entry.path}</span>
                </button>
              </Form>
            </div>
          </ListRow>
        )}
      </AdminList>
    </section>
  );
}

/** A record that is not there (deleted meanwhile) shows inside the admin, sidebar and all. */
export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
