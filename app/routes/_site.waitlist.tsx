import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FormPageBody } from "~/components/site/form-page";
import { PageHero } from "~/components/site/page-hero";
import { WaitlistForm, WaitlistDonePanel } from "~/components/site/waitlist-form";
import { describeDatabaseError, isDatabaseUnavailable } from "~/models/database-errors.server";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import { platformFromQuery, waitlistPlatforms } from "~/models/waitlist.server";
import { HONEYPOT_FIELD, waitlistSchema } from "~/schemas/waitlist";
import { readFormData } from "~/server/forms/form-data.server";
import { RETRY_AFTER_SECONDS } from "~/server/http/error-response.server";
import { joinFrom } from "~/server/waitlist/join.server";
import { seoHandle, sitePageMeta, type SeoPage } from "~/utils/seo";

export const WAITLIST_PAGE: SeoPage = {
  path: "/waitlist",
  label: "Waitlist",
  title: "Join the waitlist",
  description:
    "Join the Kestrel Insight waitlist for a platform in beta: we will e-mail you when it opens, and nothing else.",
};
export const handle = seoHandle(WAITLIST_PAGE);
export const meta = sitePageMeta(WAITLIST_PAGE);

const NOT_STORED = "Your request could not be saved just now. Please try again in a few minutes.";

type Errors = Partial<Record<"email" | "firstName" | "platforms" | "", string[] | null>>;
export type WaitlistActionData =
  | { status: "success" }
  | {
      status: "invalid" | "rate_limited" | "unavailable";
      values: { email?: string; firstName?: string; platforms: string[] };
      errors: Errors;
    };

/** `/waitlist?platform=<slug or id>` ticks that platform's box. */
export async function loader({ request }: LoaderFunctionArgs) {
  const platforms = await waitlistPlatforms();
  const chosen = await platformFromQuery(new URL(request.url).searchParams.get("platform"));
  const preselected = chosen ? [String(chosen.id)] : platforms.length === 1 ? [String(platforms[0]!.id)] : [];
  return { platforms: platforms.map(({ id, name }) => ({ id, name })), preselected };
}

/** A native form post. A filled honeypot is answered as a success and dropped. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const trap = formData.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap !== "") return data<WaitlistActionData>({ status: "success" });
  const submission = parseWithZod(formData, { schema: waitlistSchema, disableAutoCoercion: true });
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const values = {
    email: text("email"),
    firstName: text("firstName"),
    platforms: formData.getAll("platforms").filter((v): v is string => typeof v === "string"),
  };
  if (submission.status !== "success") {
    const errors = (submission.reply().error ?? {}) as Errors;
    return data<WaitlistActionData>({ status: "invalid", values, errors }, { status: 400 });
  }
  try {
    const answer = await joinFrom(submission.value, context.clientAddress);
    if (answer.status === "rate_limited") {
      return data<WaitlistActionData>(
        { status: "rate_limited", values, errors: { "": [RATE_LIMIT_MESSAGE] } },
        { status: 429, headers: { "Retry-After": String(answer.retryAfter) } },
      );
    }
    if (answer.status === "invalid") {
      return data<WaitlistActionData>(
        { status: "invalid", values, errors: { [answer.field]: [answer.message] } },
        { status: 400 },
      );
    }
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`[waitlist] not stored, the database is unavailable: ${describeDatabaseError(error)}`);
    return data<WaitlistActionData>(
      { status: "unavailable", values, errors: { "": [NOT_STORED] } },
      { status: 503, headers: { "Retry-After": RETRY_AFTER_SECONDS } },
    );
  }
  return data<WaitlistActionData>({ status: "success" });
}

export default function WaitlistPage() {
  const { platforms, preselected } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failed = answer && answer.status !== "success" ? answer : undefined;
  return (
    <>
      <PageHero
        page={WAITLIST_PAGE}
        eyebrow="Waitlist"
        heading="Join the waitlist"
        intro="Tell us which platforms you would like to use. We will e-mail you when it opens, and nothing else: no newsletters, no offers."
      />
      <FormPageBody
        name="waitlist"
        formHeading="Your details"
        form={
          answer?.status === "success" ? (
            <WaitlistDonePanel />
          ) : platforms.length === 0 ? (
            <p className="text-navy-800">No platform has a waitlist at the moment.</p>
          ) : (
            <WaitlistForm
              id="waitlist-form"
              platforms={platforms}
              values={failed?.values ?? { platforms: preselected }}
              errors={failed?.errors ?? {}}
            />
          )
        }
        asideName="how"
        asideHeading="How it works"
        aside={
          <ol className="mt-2 list-decimal space-y-2 pl-5 leading-7">
            <li>We send you an e-mail with a link to confirm your address. It works for 7 days.</li>
            <li>Once you confirm, we will e-mail you when the platform opens.</li>
            <li>Every e-mail has a link to unsubscribe at once.</li>
          </ol>
        }
        weUse="your e-mail address and first name only for this"
      />
    </>
  );
}
