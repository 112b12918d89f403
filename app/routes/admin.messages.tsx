import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useLoaderData, useParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { formatAdminTime } from "~/components/admin/format-time";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { AdminList } from "~/components/admin/list/admin-list";
import { LoadingStatus } from "~/components/admin/loading-status";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { FROM_LIST, RecordOutlet } from "~/components/admin/record-dialog";
import { ListRow } from "~/components/admin/record-list";
import { secondaryButton, smallDangerButton, smallSecondaryButton } from "~/components/admin/styles";
import { NotificationBadge } from "~/components/admin/messages/notification-status";
import { PersonFinder, PersonTools } from "~/components/admin/messages/person-tools";
import { listContactMessagesPage } from "~/models/contact-messages.server";
import { getMessageSettings } from "~/models/message-settings.server";
import { personFilter } from "~/server/messages/person-filter.server";
import { notificationSummary } from "~/server/messages/notification-status.server";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { inboxChildPath, inboxPath } from "~/utils/inbox-urls";
import { requestedPage } from "~/utils/pagination";
import { findWaitlistEntry, WAITLIST_STATUS_WORDS } from "~/models/waitlist.server";

export const meta: MetaFunction = () => adminMeta("Messages");

/**
 * The inbox, newest first; with `?email=`, one person's messages only, and what answers their request:
 * export them (JSON, CSV) or erase them.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const now = new Date();
  const search = new URL(request.url).searchParams;
  const person = personFilter(search);
  const [{ items, total, page, pageCount }, settings, waitlistEntry] = await Promise.all([
    person.email === null && person.error
      ? { items: [], total: 0, page: 1, pageCount: 1 }
      : listContactMessagesPage(requestedPage(search), person.email === null ? {} : { email: person.email }),
    getMessageSettings(),
    person.email === null ? null : findWaitlistEntry(person.email),
  ]);
  const messages = items.map((message) => ({
    id: message.id,
    name: message.name,
    email: message.email,
    subject: message.subject,
    preview: message.message.length > 140 ? `${message.message.slice(0, 140)}…` : message.message,
    receivedAt: message.receivedAt.toISOString(),
    received: formatAdminTime(message.receivedAt, now),
    unread: message.readAt === null,
    notification: notificationSummary(message.notifications),
  }));
  return data(
    {
      messages,
      total,
      page,
      pageCount,
      person,
      retentionMonths: settings.retentionMonths,
      // The personal-data tools cover the waitlist too (issue 40).
      waitlistStatus: waitlistEntry ? WAITLIST_STATUS_WORDS[waitlistEntry.status] : null,
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

/** Opening a message marks it read: the list fetches again on the way in and out of a message. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

export default function Messages() {
  const { messages, total, page, pageCount, person, retentionMonths, waitlistStatus } =
    useLoaderData<typeof loader>();
  const openId = Number(useParams().id);
  // Opening, marking or deleting a message comes back to the same page of the list (and the same person).
  const listUrl = inboxPath(person.email, page);
  return (
    <>
      <AdminPageHeader
        title="Messages"
        description="What visitors sent through the contact form, newest first."
        actions={
          <>
            <Link to="/admin/notifications" className={secondaryButton}>
              Notifications
            </Link>
            {messages.length > 0 && person.email === null ? (
              <a href="/admin/messages.csv" download className={secondaryButton}>
                Export CSV
              </a>
            ) : null}
          </>
        }
      />
      <RecordOutlet listUrl={listUrl} />
      <LoadingStatus path="/admin/messages" text="Loading messages..." />
      <PersonFinder person={person} retentionMonths={retentionMonths} />
      {person.email !== null ? (
        <PersonTools email={person.email} total={total} waitlistStatus={waitlistStatus} />
      ) : null}
      <AdminList
        items={messages}
        empty={
          person.email !== null
            ? "No messages from this address."
            : person.error
              ? "Enter an address to find."
              : "No messages yet."
        }
        pager={{
          label: "Message pages",
          listUrl: inboxPath(person.email),
          page,
          pageCount,
          count: `${total.toLocaleString("en-GB")} messages`,
          previous: "Newer messages",
          next: "Older messages",
        }}
      >
        {(message) => {
          const unread = message.unread && message.id !== openId;
          return (
            <ListRow key={message.id}>
              <div className="grid min-w-0 flex-1 basis-72 grid-cols-1 gap-0.5">
                <div className="flex flex-wrap items-center gap-2">
                  <NotificationBadge summary={message.notification} />
                  {unread ? (
                    <span className="rounded bg-accent-700 px-1.5 py-0.5 text-xs font-semibold text-white">
                      Unread
                    </span>
                  ) : null}
                  <Link
                    to={inboxChildPath(String(message.id), person.email, page)}
                    state={FROM_LIST}
                    preventScrollReset
                    className={`min-w-0 break-words text-navy-950 underline-offset-2 hover:underline ${unread ? "font-semibold" : "font-medium"}`}
                  >
                    {message.subject}
                  </Link>
                </div>
                <p className="text-xs text-navy-600">
                  {message.name} &lt;{message.email}&gt; ·{" "}
                  <time dateTime={message.receivedAt}>{message.received}</time>
                </p>
                <p className="truncate text-sm text-navy-700">{message.preview}</p>
              </div>
              <div className="flex gap-2">
                <Form
                  method="post"
                  action={inboxChildPath(String(message.id), person.email, page)}
                  preventScrollReset
                >
                  <input type="hidden" name="intent" value={unread ? "read" : "unread"} />
                  <button type="submit" className={smallSecondaryButton}>
                    {unread ? "Mark as read" : "Mark as unread"}
                    <span className="sr-only"> {message.subject}</span>
                  </button>
                </Form>
                <Link
                  to={inboxChildPath(String(message.id), person.email, page, { confirm: "delete" })}
                  state={FROM_LIST}
                  preventScrollReset
                  className={smallDangerButton}
                >
                  Delete<span className="sr-only"> {message.subject}</span>
                </Link>
              </div>
            </ListRow>
          );
        }}
      </AdminList>
    </>
  );
}

/** A record that is not there (deleted meanwhile) shows inside the admin, sidebar and all. */
export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
