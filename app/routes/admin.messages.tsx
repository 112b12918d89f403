import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useLoaderData, useParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { formatAdminTime } from "~/components/admin/format-time";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { LoadingStatus } from "~/components/admin/loading-status";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { FROM_LIST, RecordOutlet } from "~/components/admin/record-dialog";
import { ListRow } from "~/components/admin/record-list";
import { panelClass, secondaryButton, smallDangerButton, smallSecondaryButton } from "~/components/admin/styles";
import { listContactMessagesPage } from "~/models/contact-messages.server";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { requestedPage, withPage } from "~/utils/pagination";

export const meta: MetaFunction = () => adminMeta("Messages");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const now = new Date();
  const { items, total, page, pageCount } = await listContactMessagesPage(requestedPage(new URL(request.url).searchParams));
  const messages = items.map((message) => ({
    id: message.id,
    name: message.name,
    email: message.email,
    subject: message.subject,
    preview: message.message.length > 140 ? `${message.message.slice(0, 140)}…` : message.message,
    receivedAt: message.receivedAt.toISOString(),
    received: formatAdminTime(message.receivedAt, now),
    unread: message.readAt === null,
  }));
  return data({ messages, total, page, pageCount }, { headers: ADMIN_CACHE_HEADERS });
}

/** Opening a message marks it read: the list fetches again on the way in and out of a message. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

export default function Messages() {
  const { messages, total, page, pageCount } = useLoaderData<typeof loader>();
  const openId = Number(useParams().id);
  // Opening, marking or deleting a message comes back to the same page of the list.
  const listUrl = withPage("/admin/messages", page);
  return (
    <>
      <AdminPageHeader
        title="Messages"
        description="What visitors sent through the contact form, newest first."
        actions={
          messages.length > 0 ? (
            <a href="/admin/messages.csv" download className={secondaryButton}>
              Export CSV
            </a>
          ) : null
        }
      />
      <RecordOutlet listUrl={listUrl} />
      <LoadingStatus path="/admin/messages" text="Loading messages..." />
      {messages.length === 0 ? (
        <p className={`${panelClass} p-6 text-center text-sm text-navy-600`}>No messages yet.</p>
      ) : (
        <ul className={`${panelClass} divide-y divide-navy-100`}>
          {messages.map((message) => {
            const unread = message.unread && message.id !== openId;
            return (
              <ListRow key={message.id}>
                <div className="grid min-w-0 flex-1 basis-72 grid-cols-1 gap-0.5">
                  <div className="flex flex-wrap items-center gap-2">
                    {unread ? (
                      <span className="rounded bg-accent-700 px-1.5 py-0.5 text-xs font-semibold text-white">Unread</span>
                    ) : null}
                    <Link
                      to={withPage(`/admin/messages/${message.id}`, page)}
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
                  <Form method="post" action={withPage(`/admin/messages/${message.id}`, page)} preventScrollReset>
                    <input type="hidden" name="intent" value={unread ? "read" : "unread"} />
                    <button type="submit" className={smallSecondaryButton}>
                      {unread ? "Mark as read" : "Mark as unread"}
                      <span className="sr-only"> {message.subject}</span>
                    </button>
                  </Form>
                  <Link
                    to={withPage(`/admin/messages/${message.id}?confirm=delete`, page)}
                    state={FROM_LIST}
                    preventScrollReset
                    className={smallDangerButton}
                  >
                    Delete<span className="sr-only"> {message.subject}</span>
                  </Link>
                </div>
              </ListRow>
            );
          })}
        </ul>
      )}
      {pageCount > 1 ? <Pager page={page} pageCount={pageCount} total={total} /> : null}
    </>
  );
}

function Pager({ page, pageCount, total }: { page: number; pageCount: number; total: number }) {
  return (
    <nav aria-label="Message pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-navy-700">
      <p>
        Page {page} of {pageCount} · {total.toLocaleString("en-GB")} messages
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={withPage("/admin/messages", page - 1)} className={secondaryButton}>
            Newer messages
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link to={withPage("/admin/messages", page + 1)} className={secondaryButton}>
            Older messages
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/** A record that is not there (deleted meanwhile) shows inside the admin, sidebar and all. */
export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
