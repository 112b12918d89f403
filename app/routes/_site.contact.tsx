import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type ClientActionFunctionArgs } from "@remix-run/react";
import { ContactPageForm } from "~/components/site/contact-page-form";
import { FormPageBody } from "~/components/site/form-page";
import { PageHero } from "~/components/site/page-hero";
import { currentRegulatoryFacts } from "~/server/site/regulatory-facts.server";
import { saveContactMessage } from "~/models/contact-messages.server";
import { liveRoles } from "~/models/roles.server";
import { contactSchema, HONEYPOT_FIELD } from "~/schemas/contact";
import {
  applicationMessage,
  CONTACT_NOT_STORED,
  prefillRole,
  prefillSubject,
  type ContactActionData,
} from "~/utils/contact";
import { RETRY_AFTER_SECONDS } from "~/server/http/error-response.server";
import { describeDatabaseError, isDatabaseUnavailable } from "~/models/database-errors.server";
import { checkRateLimit, RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import { seoHandle, sitePageMeta, type SeoPage } from "~/utils/seo";
import { readFormData } from "~/server/forms/form-data.server";

export const CONTACT_PAGE: SeoPage = {
  path: "/contact",
  label: "Contact",
  title: "Contact us",
  description:
    "Send Kestrel Insight a message: questions about our platforms, partnerships, investment, press, careers, privacy rights or a security issue.",
};
export const handle = seoHandle(CONTACT_PAGE);
export const meta = sitePageMeta(CONTACT_PAGE);

/**
 * `/contact?subject=Press%20Inquiry`: where contact links lead without JavaScript. An Apply link adds
 * `&role=<title>`: only the title of a role on the site starts the message, so a crafted link cannot put
 * words of its own into the form.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const role = prefillRole(query.get("role"));
  const known = role ? (await liveRoles()).find((live) => live.title === role) : undefined;
  const subject = prefillSubject(query.get("subject"));
  // The registered office the page gives is the regulatory status record's (issue 37).
  const { registeredOffice } = await currentRegulatoryFacts();
  return known
    ? { subject, registeredOffice, message: applicationMessage(known.title) }
    : { subject, registeredOffice };
}

/**
 * The contact form's action, for the dialog (a fetcher) and this page (a native post). The message is
 * committed before the answer says it was sent. A filled honeypot gets the same answer and is dropped.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: contactSchema, disableAutoCoercion: true });
  const trap = formData.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap !== "") {
    return data<ContactActionData>({ status: "success", result: submission.reply({ resetForm: true }) });
  }

  try {
    const limit = await checkRateLimit("contact", context.clientAddress);
    if (!limit.allowed) {
      return data<ContactActionData>(
        { status: "rate_limited", result: submission.reply({ formErrors: [RATE_LIMIT_MESSAGE] }) },
        { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
      );
    }
    if (submission.status !== "success") {
      return data<ContactActionData>({ status: "invalid", result: submission.reply() }, { status: 400 });
    }
    await saveContactMessage(submission.value);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // Not stored, so not thanked: the form comes back as typed, saying so.
    console.error(`[contact] not stored, the database is unavailable: ${describeDatabaseError(error)}`);
    return data<ContactActionData>(
      { status: "unavailable", result: submission.reply({ formErrors: [CONTACT_NOT_STORED] }) },
      { status: 503, headers: { "Retry-After": RETRY_AFTER_SECONDS } },
    );
  }
  return data<ContactActionData>({ status: "success", result: submission.reply({ resetForm: true }) });
}

/** In the browser: a failed request (a 5xx, the network) is an answer too, so the form stays as typed. */
export async function clientAction({ serverAction }: ClientActionFunctionArgs): Promise<ContactActionData> {
  try {
    return await serverAction<typeof action>();
  } catch {
    return { status: "error" };
  }
}

export default function ContactPage() {
  const loaded = useLoaderData<typeof loader>();
  const { subject } = loaded;
  const message = "message" in loaded ? loaded.message : undefined;
  const nativeAnswer = useActionData<typeof clientAction>();
  return (
    <>
      <PageHero
        page={CONTACT_PAGE}
        eyebrow="Contact"
        heading="Contact us"
        intro="Questions about our platforms, a partnership, investing in the company, press, careers, your privacy rights or a security issue: send us a message and we will reply by e-mail."
      />
      <FormPageBody
        name="contact"
        formHeading="Send us a message"
        form={
          // Sent without JavaScript: the form's own thank-you panel says so, once (no second notice above it).
          <ContactPageForm
            id="contact-page-form"
            defaultSubject={subject}
            defaultMessage={message}
            nativeAnswer={nativeAnswer}
          />
        }
        asideName="office"
        asideHeading="Registered office"
        aside={<p className="mt-2 leading-7">{loaded.registeredOffice}</p>}
        weUse="your name and e-mail address only to answer your message"
      />
    </>
  );
}
