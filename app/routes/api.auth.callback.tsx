import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SignInNotice } from "~/components/auth/sign-in-notice";
import { admitOperator } from "~/models/operators.server";
import { purgeExpiredSessions, upsertUser } from "~/models/sessions.server";
import { isAllowedAdmin } from "~/server/auth/auth.server";
import { getConfig, isLoopbackAddress } from "~/server/config.server";
import {
  clearSignInCookies,
  finishSignIn,
  availableAuthenticator,
  type CallbackOutcome,
} from "~/server/auth/oidc.server";
import { endSession, startSession } from "~/server/auth/session.server";
import { SECOND_FACTOR_TEXT } from "~/utils/second-factor";
import { browserEndpoint } from "~/server/api/openapi-operations.server";

export const openapi = browserEndpoint("/api/auth/callback", {
  get: { summary: "Where the identity provider returns to", also: [400, 403, 503] },
});

type Problem = Exclude<CallbackOutcome, { ok: true }> | { ok: false; problem: "not_configured" };

const STATUS: Record<Problem["problem"], number> = {
  failed: 400,
  refused: 403,
  unavailable: 503,
  not_configured: 503,
};

/**
 * GET /api/auth/callback: the provider sends the browser back here. Success: a new session (a new
 * token, whatever the browser had before) and a redirect to the page asked for, or /admin. Anything
 * else: a page saying why, with no session. The flow's cookies are cleared either way.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of clearSignInCookies(request)) headers.append("Set-Cookie", cookie);
  const fail = (problem: Problem) => {
    const { ok: _ok, ...body } = problem;
    return data(body, { status: STATUS[problem.problem], headers });
  };
  // The local provider has no passwords: its sign-ins complete only for someone at this computer.
  if (getConfig().localIdentityProvider && !isLoopbackAddress(context.peerAddress)) {
    return fail({ ok: false, problem: "refused", reason: "remote_peer", email: null });
  }

  const authenticator = await availableAuthenticator();
  if (typeof authenticator === "string") return fail({ ok: false, problem: authenticator });

  const outcome = await finishSignIn(authenticator, request);
  if (!outcome.ok) return fail(outcome);

  const { identity } = outcome;
  const operator = await admitOperator(identity.email, identity.name, isAllowedAdmin(identity.email));
  if (!operator) return fail({ ok: false, problem: "refused", reason: "not_allowed", email: identity.email });
  const user = await upsertUser(identity.email, identity.firstName);
  await endSession(request); // a session the browser still held is not carried over
  headers.append(
    "Set-Cookie",
    // What the provider said about how the person authenticated is kept with the session, as proof.
    await startSession(user.id, request, {
      authMethods: identity.authMethods,
      authContext: identity.authContext,
    }),
  );
  await purgeExpiredSessions(getConfig().session).catch((error: unknown) => {
    console.error("[sign-in] purging expired sessions failed:", error);
  });
  return redirect(outcome.returnTo, { headers });
}

const TITLES: Record<Problem["problem"], string> = {
  failed: "Sign-in failed",
  refused: "Not authorised",
  unavailable: "Sign-in is unavailable",
  not_configured: "Sign-in is not configured",
};

function titleOf(problem: { problem: Problem["problem"]; reason?: string }): string {
  return problem.reason === "no_second_factor" ? SECOND_FACTOR_TEXT.title : TITLES[problem.problem];
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: `${loaderData ? titleOf(loaderData) : "Sign in"} | Kestrel Insight` },
  { name: "robots", content: "noindex" },
];

export default function SignInCallbackProblem() {
  const problem = useLoaderData<typeof loader>();
  switch (problem.problem) {
    case "refused":
      if (problem.reason === "no_second_factor") {
        return (
          <SignInNotice title={SECOND_FACTOR_TEXT.title} retry={SECOND_FACTOR_TEXT.retry}>
            <p>{SECOND_FACTOR_TEXT.required}</p>
            <p>{SECOND_FACTOR_TEXT.notUsed}</p>
            <p>{SECOND_FACTOR_TEXT.whatToDo}</p>
          </SignInNotice>
        );
      }
      return (
        <SignInNotice title={TITLES.refused} retry="Sign in with another account">
          {problem.reason === "remote_peer" ? (
            <p>
              This site signs in with its local identity provider, which works only from the computer the site
              runs on. A site that others reach needs a real identity provider.
            </p>
          ) : problem.reason === "unverified" ? (
            <p>
              The e-mail address of this account{problem.email ? ` (${problem.email})` : ""} is not verified
              by your identity provider, so it cannot be used for the admin area.
            </p>
          ) : problem.reason === "no_email" ? (
            <p>
              Your identity provider did not share an e-mail address, so this account cannot be used for the
              admin area.
            </p>
          ) : (
            <p>
              This account{problem.email ? ` (${problem.email})` : ""} is not authorised to use the admin
              area.
            </p>
          )}
          <p>No session was started.</p>
        </SignInNotice>
      );
    case "unavailable":
      return (
        <SignInNotice title={TITLES.unavailable} retry="Try again">
          <p>
            The identity provider could not be reached, or its answer could not be used. Please try again in a
            few minutes.
          </p>
        </SignInNotice>
      );
    case "not_configured":
      return (
        <SignInNotice title={TITLES.not_configured}>
          <p>This site has no identity provider connected yet, so nobody can sign in to the admin area.</p>
        </SignInNotice>
      );
    default:
      return (
        <SignInNotice title={TITLES.failed} retry="Try again">
          <p>
            Sign-in failed: the answer from the identity provider could not be accepted. The sign-in may have
            been cancelled, have expired, or have been opened twice.
          </p>
          <p>No session was started. Please sign in again.</p>
        </SignInNotice>
      );
  }
}
