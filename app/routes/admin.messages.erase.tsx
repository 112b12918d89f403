import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { DeleteConfirmation } from "~/components/admin/confirm-delete";
import { eraseMessagesFrom, listContactMessagesPage } from "~/models/contact-messages.server";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import { actorOf, requireAdminPage } from "~/server/auth/auth.server";
import { ADMIN_CACHE_HEADERS, beginAdminWrite, failureToast, successToast } from "~/server/forms/admin-action.server";
import { redirectWithToast } from "~/server/forms/toast.server";
import { getConfig } from "~/server/config.server";
import { forgetMailFiles } from "~/server/mail/mail-transport.server";
import { eraseWaitlistEntry, findWaitlistEntry } from "~/models/waitlist.server";
import { personFilter } from "~/server/messages/person-filter.server";
import { inboxPath } from "~/utils/inbox-urls";

const ERASE_FAILED = "Failed to erase the messages. Please try again.";

/** /admin/messages/erase?email=: the confirmation, with how many messages will go. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const { email } = personFilter(new URL(request.url).searchParams);
  if (email === null) throw redirect("/admin/messages");
  const [{ total }, entry] = await Promise.all([listContactMessagesPage(1, { email, size: 1 }), findWaitlistEntry(email)]);
  // `waitlist` only when the person has an entry (issue 40): the answer is otherwise as it was.
  return data({ email, total, ...(entry ? { waitlist: true as const } : {}) }, { headers: ADMIN_CACHE_HEADERS });
}

/**
 * Erases every message from the address (those that arrived since the page was opened too: the request
 * is about the person, not a list) with their notifications and a local site's .eml copies of them.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, limited } = await beginAdminWrite(request, context);
  const { email } = personFilter(new URL(request.url).searchParams);
  if (email === null) throw redirect("/admin/messages");
  if (limited) {
    return data(
      { result: { status: "error" as const, error: { "": [RATE_LIMIT_MESSAGE] } }, toast: failureToast(RATE_LIMIT_MESSAGE) },
      { status: 429, headers: { ...ADMIN_CACHE_HEADERS, "Retry-After": String(limited.retryAfter) } },
    );
  }
  try {
    const erased = await eraseMessagesFrom(email, actorOf(user));
    await forgetMailFiles(getConfig().mail.fileDir, erased.notificationIds);
    // The person's waitlist entry and its e-mails go too (issue 40).
    const waitlist = await eraseWaitlistEntry(email, actorOf(user));
    await forgetMailFiles(getConfig().mail.fileDir, waitlist.notificationIds);
    const what = `${erased.messages} message${erased.messages === 1 ? "" : "s"}`;
    const alsoWaitlist = waitlist.entries > 0 ? " Their waitlist entry was erased too." : "";
    return redirectWithToast(inboxPath(null), successToast(`Erased ${what} and their notifications.${alsoWaitlist}`));
  } catch (error) {
    console.error(`[admin] ${ERASE_FAILED}`, error);
    return redirectWithToast(inboxPath(email), failureToast(ERASE_FAILED));
  }
}

export default function EraseMessages() {
  const loaded = useLoaderData<typeof loader>();
  const { email, total } = loaded;
  const waitlist = "waitlist" in loaded;
  const reply = useActionData<typeof action>();
  const what = `${total} message${total === 1 ? "" : "s"}`;
  return (
    <DeleteConfirmation
      title="Erase Personal Data"
      question={`Erase all ${what}${waitlist ? " and the waitlist entry" : ""} from ${email}? This cannot be undone.`}
      note="The messages and their notifications are deleted for good: they do not go to the trash. The audit log records that an erasure was made, not what it erased."
      confirmText={total === 0 ? "Erase" : `Erase ${what} from ${email}`}
      reply={reply}
    />
  );
}
