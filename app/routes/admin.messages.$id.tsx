import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { DeleteConfirmation } from "~/components/admin/confirm-delete";
import { formatAdminTime } from "~/components/admin/format-time";
import { RecordCancel, RecordTitle } from "~/components/admin/record-dialog";
import { smallDangerButton, smallSecondaryButton } from "~/components/admin/styles";
import { useActionToast } from "~/components/admin/use-action-toast";
import { NotificationList } from "~/components/admin/messages/notification-status";
import {
  deleteContactMessage,
  getContactMessage,
  markContactMessageOpened,
  setContactMessageRead,
} from "~/models/contact-messages.server";
import { getMessageSettings, recipientsFor } from "~/models/message-settings.server";
import { resendNotifications } from "~/models/notifications.server";
import { getConfig } from "~/server/config.server";
import { forgetMailFiles } from "~/server/mail/mail-transport.server";
import { messageFields } from "~/server/messages/message-fields.server";
import { notificationViews } from "~/server/messages/notification-status.server";
import { actorOf, requireAdminPage } from "~/server/auth/auth.server";
import {
  ADMIN_CACHE_HEADERS,
  failureToast,
  handleAdminDelete,
  notFound,
  recordIdParam,
} from "~/server/forms/admin-action.server";
import { handleAdminButton } from "~/server/forms/admin-button.server";
import { inboxPath } from "~/utils/inbox-urls";
import { requestedPage } from "~/utils/pagination";
import { personFilter } from "~/server/messages/person-filter.server";
import { redirectWithToast } from "~/server/forms/toast.server";
import { readFormData } from "~/server/forms/form-data.server";

const UPDATE_FAILED = "Failed to update message. Please try again.";

/** Back to the page of the list the operator came from (`?page=` and `?email=` travel with the message's URL). */
function listUrlFor(request: Request): string {
  const search = new URL(request.url).searchParams;
  return inboxPath(personFilter(search).email, requestedPage(search));
}

/** A browser fetching the page ahead of a click (`Sec-Purpose: prefetch`): not an operator opening it. */
function isPrefetch(request: Request): boolean {
  return /prefetch/i.test(request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "");
}

/**
 * One message. Opening it marks it read, once (the one write a GET makes in the admin, and an idempotent
 * one: docs/decisions/0026); the view offers "Mark as unread" to undo it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const id = recordIdParam(params.id);
  // Its delete confirmation (`?confirm=delete`) is not reading it.
  const confirming = new URL(request.url).searchParams.get("confirm") === "delete";
  if (!confirming && !isPrefetch(request)) await markContactMessageOpened(id);
  const message = await getContactMessage(id);
  if (!message) throw notFound();
  return data(
    {
      message: {
        ...messageFields(message),
        received: formatAdminTime(message.receivedAt),
        notifications: notificationViews(message.notifications),
      },
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

/** intent: "read", "unread", "resend" (its notification, to the recipients the routing names now) or "delete". */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdminPage(request);
  const id = recordIdParam(params.id);
  const intent = (await readFormData(request.clone())).get("intent");
  const listUrl = listUrlFor(request);
  if (intent === "delete") {
    return handleAdminDelete({
      request,
      context,
      remove: async () => {
        const removed = await deleteContactMessage(id);
        if (removed) await forgetMailFiles(getConfig().mail.fileDir, removed.notificationIds);
        return removed !== null;
      },
      listUrl,
      successMessage: "Message deleted successfully!",
      failureMessage: "Failed to delete message. Please try again.",
    });
  }
  return handleAdminButton({
    request,
    context,
    intents: ["read", "unread", "resend"],
    back: listUrl,
    failureMessage: UPDATE_FAILED,
    async run(_form, user, intent) {
      if (intent !== "resend") {
        const changed = await setContactMessageRead(id, intent === "read");
        return changed
          ? { title: "Success", description: `Message marked as ${intent}.` }
          : failureToast(UPDATE_FAILED);
      }
      const message = await getContactMessage(id);
      const queued =
        message &&
        (await resendNotifications(id, recipientsFor(await getMessageSettings(), message.subject), actorOf(user)));
      if (queued === null) return failureToast("Failed to resend the notification. Please try again.");
      const here = `${new URL(request.url).pathname}${new URL(request.url).search}`;
      return redirectWithToast(
        here,
        queued === 0
          ? { title: "Success", description: "The notification is already queued for everyone it goes to." }
          : { title: "Success", description: `Notification queued for ${queued} recipient${queued === 1 ? "" : "s"}.` },
      );
    },
  });
}

export default function ContactMessage() {
  const { message } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  useActionToast(reply?.toast);
  const [searchParams] = useSearchParams();
  const confirmDelete = new URLSearchParams(searchParams);
  confirmDelete.set("confirm", "delete");

  if (searchParams.get("confirm") === "delete") {
    return (
      <DeleteConfirmation
        title="Delete Message"
        question={`Are you sure you want to delete the message "${message.subject}" from ${message.name}?`}
        intent="delete"
        confirmText="Delete message"
        reply={reply}
      />
    );
  }

  return (
    <article className="grid grid-cols-1 gap-4">
      <div>
        <RecordTitle>{message.subject}</RecordTitle>
        <p className="mt-1 text-sm text-navy-700">
          From {message.name} &lt;{message.email}&gt; ·{" "}
          <time dateTime={message.receivedAt}>{message.received}</time>
        </p>
      </div>
      <p className="rounded-md border border-navy-200 bg-navy-50 p-3 text-sm break-words whitespace-pre-wrap text-navy-900">
        {message.message}
      </p>
      <section aria-labelledby="message-notification-heading" className="grid gap-2">
        <h3 id="message-notification-heading" className="text-sm font-semibold text-navy-950">
          Notification
        </h3>
        <NotificationList notifications={message.notifications} />
        <Form method="post" replace>
          <input type="hidden" name="intent" value="resend" />
          <button type="submit" className={smallSecondaryButton}>
            Resend notification
          </button>
        </Form>
      </section>
      {/* What to do with the message, then Close on its own side: the row never leaves Close alone below. */}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap gap-2">
          <a
            href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
            className={smallSecondaryButton}
          >
            Reply by email
          </a>
          <Form method="post" replace>
            <input type="hidden" name="intent" value="unread" />
            <button type="submit" className={smallSecondaryButton}>
              Mark as unread
            </button>
          </Form>
          <Link to={`?${confirmDelete}`} replace className={smallDangerButton}>
            Delete
          </Link>
        </div>
        <RecordCancel>Close</RecordCancel>
      </div>
    </article>
  );
}
