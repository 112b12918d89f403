import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { DataTable, NumberCell, RowHeadingCell, TimeCell } from "~/components/admin/data-table";
import { formatAdminTime } from "~/components/admin/format-time";
import { AdminPager } from "~/components/admin/list/admin-pager";
import { adminMeta } from "~/components/admin/meta";
import { ListFilter } from "~/components/admin/list/list-filter";
import { AdminPageHeader } from "~/components/admin/page-header";
import { StatusBadge } from "~/components/admin/status-badge";
import { primaryButton, secondaryButton } from "~/components/admin/styles";
import { listWaitlistPage, markInvited, waitlistSummary } from "~/models/waitlist.server";
import { actorOf, requireAdminPage } from "~/server/auth/auth.server";
import { ADMIN_CACHE_HEADERS, failureToast, successToast } from "~/server/forms/admin-action.server";
import { handleAdminButton } from "~/server/forms/admin-button.server";
import { filterQuery, waitlistFilter } from "~/server/waitlist/filter.server";
import { requestedPage } from "~/utils/pagination";
import { WAITLIST_STATUS_OPTIONS } from "~/utils/waitlist";

export const meta: MetaFunction = () => adminMeta("Waitlist");

const STATUS_LABELS = { pending: "Pending", confirmed: "Confirmed", unsubscribed: "Unsubscribed" } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const search = new URL(request.url).searchParams;
  const parsed = waitlistFilter(search);
  const filter = parsed.error ? {} : parsed;
  const [summary, page] = await Promise.all([
    waitlistSummary(),
    listWaitlistPage(requestedPage(search), filter),
  ]);
  const now = new Date();
  const names = new Map(summary.platforms.map((platform) => [platform.id, platform.name]));
  return data(
    {
      summary,
      filter: {
        q: filter.search ?? "",
        platform: filter.platform ? String(filter.platform) : "",
        status: filter.status ?? "",
      },
      query: filterQuery(filter),
      page: page.page,
      pageCount: page.pageCount,
      total: page.total,
      entries: page.items.map((entry) => ({
        id: entry.id,
        email: entry.email,
        firstName: entry.firstName,
        platforms: entry.platforms.map((id) => names.get(id) ?? `Product ${id}`),
        status: entry.status,
        joinedAt: entry.createdAt.toISOString(),
        joined: formatAdminTime(entry.createdAt, now),
        invited: entry.invitedAt ? formatAdminTime(entry.invitedAt, now) : null,
      })),
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

/** "Mark invited": the ticked entries that are confirmed and not yet invited. */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleAdminButton({
    request,
    context,
    intents: ["invite"],
    back: `/admin/waitlist${new URL(request.url).search}`,
    failureMessage: "Failed to mark the entries invited. Please try again.",
    async run(form, user) {
      const ids = form
        .getAll("id")
        .filter((value): value is string => typeof value === "string" && /^\d{1,9}$/.test(value))
        .map(Number);
      if (ids.length === 0) return failureToast("Select the entries to mark invited.");
      const marked = await markInvited(ids, actorOf(user));
      const skipped = ids.length - marked;
      return successToast(
        `Marked ${marked} entr${marked === 1 ? "y" : "ies"} invited.${skipped > 0 ? ` ${skipped} not marked: not confirmed, or invited already.` : ""}`,
      );
    },
  });
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AdminWaitlist() {
  const { summary, filter, query, page, pageCount, total, entries } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminPageHeader
        title="Waitlist"
        description="Visitors waiting for a platform to open, by double opt-in. Only confirmed entries may be invited."
        actions={
          <a href={`/admin/waitlist.csv${query}`} className={secondaryButton} download>
            Export CSV
          </a>
        }
      />
      <div className="mb-8 grid gap-6 2xl:grid-cols-2">
        <section aria-labelledby="waitlist-platforms-title" className="min-w-0">
          <h2 id="waitlist-platforms-title" className="mb-3 text-lg font-semibold text-navy-950">
            By platform
          </h2>
          <DataTable
            caption="Waitlist entries per platform and status"
            minWidth="min-w-0"
            columns={["Platform", "Pending", "Confirmed", "Invited", "Unsubscribed"]}
          >
            {summary.platforms.map((platform) => (
              <tr key={platform.id}>
                <RowHeadingCell>{platform.name}</RowHeadingCell>
                <NumberCell>{platform.pending}</NumberCell>
                <NumberCell>{platform.confirmed}</NumberCell>
                <NumberCell>{platform.invited}</NumberCell>
                <NumberCell>{platform.unsubscribed}</NumberCell>
              </tr>
            ))}
          </DataTable>
          {summary.platforms.length === 0 ? (
            <p className="mt-2 text-sm text-navy-700">No product has the Beta (waitlist) badge.</p>
          ) : null}
        </section>
        <section aria-labelledby="waitlist-weeks-title" className="min-w-0">
          <h2 id="waitlist-weeks-title" className="mb-3 text-lg font-semibold text-navy-950">
            Sign-ups per week
          </h2>
          {summary.weeks.length === 0 ? (
            <p className="text-sm text-navy-700">No one has joined yet.</p>
          ) : (
            <DataTable
              caption="Sign-ups per week, the week starting on the Monday shown"
              minWidth="min-w-0"
              columns={["Week starting", "Sign-ups"]}
            >
              {summary.weeks.map((week) => (
                <tr key={week.week}>
                  <RowHeadingCell>
                    <time dateTime={week.week}>{week.week}</time>
                  </RowHeadingCell>
                  <NumberCell>{week.signUps}</NumberCell>
                </tr>
              ))}
            </DataTable>
          )}
        </section>
      </div>
      <Filters filter={filter} platforms={summary.platforms} />
      <section aria-labelledby="waitlist-entries-title">
        <h2 id="waitlist-entries-title" className="mb-3 text-lg font-semibold text-navy-950">
          Entries <span className="text-sm font-normal text-navy-600">({total})</span>
        </h2>
        {entries.length === 0 ? (
          <p className="text-sm text-navy-700">No entries match.</p>
        ) : (
          <>
            <Form method="post" action={`/admin/waitlist${query}`} id="waitlist-invite" preventScrollReset>
              <input type="hidden" name="intent" value="invite" />
            </Form>
            <DataTable
              caption="Waitlist entries, newest first"
              minWidth="min-w-[48rem]"
              columns={[
                <span key="s" className="sr-only">
                  Select
                </span>,
                "Email",
                "Platforms",
                "Status",
                "Joined",
                "Invited",
              ]}
            >
              {entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </DataTable>
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <button type="submit" form="waitlist-invite" className={primaryButton}>
                Mark invited
              </button>
              <p className="text-sm text-navy-600">Marks the selected confirmed entries invited.</p>
            </div>
          </>
        )}
        <AdminPager
          label="Waitlist pages"
          listUrl={`/admin/waitlist${query}`}
          page={page}
          pageCount={pageCount}
          count={`${total} entries`}
        />
      </section>
    </>
  );
}

function Filters({
  filter,
  platforms,
}: {
  filter: LoaderData["filter"];
  platforms: LoaderData["summary"]["platforms"];
}) {
  return (
    <ListFilter
      label="Waitlist entries"
      idPrefix="waitlist"
      clearTo="/admin/waitlist"
      active={Boolean(filter.q || filter.platform || filter.status)}
      fields={[
        { kind: "search", name: "q", label: "Search by address", value: filter.q },
        {
          kind: "select",
          name: "platform",
          label: "Platform",
          value: filter.platform,
          all: { label: "All platforms" },
          options: platforms.map((platform) => ({ value: String(platform.id), label: platform.name })),
        },
        {
          kind: "select",
          name: "status",
          label: "Status",
          value: filter.status,
          all: { label: "All statuses" },
          options: WAITLIST_STATUS_OPTIONS.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
        },
      ]}
    />
  );
}

function EntryRow({ entry }: { entry: LoaderData["entries"][number] }) {
  const tone = entry.status === "confirmed" ? "accent" : entry.status === "pending" ? "warning" : "neutral";
  return (
    <tr className="align-top">
      <td className="px-4 py-3">
        <input
          type="checkbox"
          name="id"
          value={String(entry.id)}
          form="waitlist-invite"
          aria-label={`Select ${entry.email}`}
          className="size-4 accent-accent-700"
        />
      </td>
      <th scope="row" className="px-4 py-3 font-medium text-navy-950 [overflow-wrap:anywhere]">
        <span className="block">{entry.email}</span>
        {entry.firstName ? (
          <span className="block text-xs font-normal text-navy-600">{entry.firstName}</span>
        ) : null}
      </th>
      <td className="px-4 py-3">{entry.platforms.join(", ")}</td>
      <td className="px-4 py-3">
        <StatusBadge tone={tone}>{STATUS_LABELS[entry.status]}</StatusBadge>
      </td>
      <TimeCell at={entry.joinedAt} text={entry.joined} />
      <td className="px-4 py-3 whitespace-nowrap">{entry.invited ?? "Not yet"}</td>
    </tr>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
