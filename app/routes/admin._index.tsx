import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useLoaderData } from "@remix-run/react";
import { formatAdminTime } from "~/components/admin/format-time";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { panelClass } from "~/components/admin/styles";
import { lastChangeAt, listRecentActivity } from "~/models/audit.server";
import { countUnreadMessages } from "~/models/contact-messages.server";
import { countMenuItems } from "~/models/menu-items.server";
import { countProducts } from "~/models/products.server";
import { countStatistics } from "~/models/statistics.server";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { historyUrlsFor } from "~/server/history/history-links.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { storageStatus } from "~/server/http/database-health.server";
import { approvalOffNotice, reviewsDue } from "~/server/promotions/register-screens.server";

export const meta: MetaFunction = () => adminMeta("Dashboard");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const [products, statistics, menuItems, unread, activity, lastChange, approvalOff, reviews] = await Promise.all([
    countProducts(),
    countStatistics(),
    countMenuItems(),
    countUnreadMessages(),
    listRecentActivity(10),
    lastChangeAt(),
    approvalOffNotice(),
    reviewsDue(),
  ]);
  const now = new Date();
  const histories = await historyUrlsFor(activity);
  return data(
    {
      counts: { products, statistics, menuItems, unread },
      activity: activity.map((entry, index) => ({
        id: entry.id,
        historyUrl: histories[index] ?? null,
        who: entry.actorEmail,
        what: entry.summary,
        at: entry.createdAt.toISOString(),
        when: formatAdminTime(entry.createdAt, now),
      })),
      lastUpdated: lastChange ? { at: lastChange.toISOString(), text: formatAdminTime(lastChange, now) } : null,
      storage: storageWarning(),
      approvalOff,
      reviews,
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

/** Said before the embedded store runs out of room (then writes fail and the site answers 503). */
function storageWarning(): { critical: boolean; freeMB: number; neededMB: number } | null {
  const storage = storageStatus();
  if (!storage?.low) return null;
  const mb = (bytes: number) => Math.floor(bytes / (1024 * 1024));
  return { critical: storage.critical, freeMB: mb(storage.freeBytes), neededMB: mb(storage.neededBytes) };
}

export default function Dashboard() {
  const { counts, activity, lastUpdated, storage, approvalOff, reviews } = useLoaderData<typeof loader>();
  const cards = [
    { label: "Products", value: counts.products, to: "/admin/products" },
    { label: "Statistics", value: counts.statistics, to: "/admin/stats" },
    { label: "Menu Items", value: counts.menuItems, to: "/admin/menus" },
    { label: "Unread Messages", value: counts.unread, to: "/admin/messages" },
  ];
  return (
    <>
      <AdminPageHeader title="Dashboard" description="An overview of the site's content and recent changes." />
      {storage ? (
        <div role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
          <p className="font-semibold">{storage.critical ? "The database is out of disk space" : "The database is running out of disk space"}</p>
          <p className="mt-1">
            {storage.freeMB} MB free; the database needs at least {storage.neededMB} MB to accept changes and messages.{" "}
            {storage.critical
              ? "Until space is freed, saves and visitors' messages are refused."
              : "Free some space on the server's disk (or move DATA_DIR to a larger one) before it fills."}
          </p>
        </div>
      ) : null}
      {approvalOff ? (
        <div
          role="status"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <p className="font-semibold">Approval of financial promotions is off</p>
          <p className="mt-1">
            {approvalOff}{" "}
            <Link to="/admin/promotions" className="font-medium underline underline-offset-4">
              Go to Promotions
            </Link>
          </p>
        </div>
      ) : null}
      {reviews.length ? (
        <section aria-labelledby="reviews-due" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <h2 id="reviews-due" className="font-semibold">
            Financial promotions due for review ({reviews.length})
          </h2>
          <ul className="mt-2 grid gap-1">
            {reviews.map((review) => (
              <li key={review.id}>
                <Link to={`/admin/promotions/${review.id}`} className="font-medium underline underline-offset-4">
                  {review.reference}
                </Link>{" "}
                {review.label}: review {review.overdue ? "was due" : "due"} by {review.reviewBy}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((card) => (
          <li key={card.label}>
            <Link
              to={card.to}
              className={`${panelClass} block p-4 hover:border-accent-600`}
            >
              <span className="block text-sm text-navy-600">{card.label}</span>
              <span className="mt-1 block text-2xl font-semibold text-navy-950 tabular-nums">{card.value}</span>
            </Link>
          </li>
        ))}
      </ul>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="recent-activity" className={`${panelClass} p-4`}>
          <h2 id="recent-activity" className="text-base font-semibold text-navy-950">
            Recent Activity
          </h2>
          {activity.length === 0 ? (
            <p className="mt-3 text-sm text-navy-600">No changes yet.</p>
          ) : (
            <ol className="mt-3 divide-y divide-navy-100">
              {activity.map((entry) => (
                <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2 text-sm">
                  <span className="min-w-0 font-medium break-words text-navy-900">
                    {entry.historyUrl ? (
                      <Link to={entry.historyUrl} className="underline underline-offset-4 hover:text-accent-800">
                        {entry.what}
                      </Link>
                    ) : (
                      entry.what
                    )}
                  </span>
                  <span className="text-xs text-navy-600">
                    {entry.who} · <time dateTime={entry.at}>{entry.when}</time>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="content-status" className={`${panelClass} p-4`}>
          <h2 id="content-status" className="text-base font-semibold text-navy-950">
            Content status
          </h2>
          <p className="mt-2 text-sm text-navy-800">
            Last Updated:{" "}
            {lastUpdated ? <time dateTime={lastUpdated.at}>{lastUpdated.text}</time> : "No changes yet"}
          </p>
        </section>
      </div>
    </>
  );
}
