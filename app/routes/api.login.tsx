import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SignInNotice } from "~/components/auth/sign-in-notice";
import { availableAuthenticator, startSignIn } from "~/server/auth/oidc.server";
import { checkRateLimit, RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import { browserEndpoint } from "~/server/api/openapi-operations.server";

export const openapi = browserEndpoint("/api/login", {
  get: {
    summary: "Start signing in (a browser navigation; ?returnTo= a path on this site)",
    also: [429, 503],
  },
});

/**
 * GET /api/login: starts the OpenID Connect flow (302 to the provider). `?returnTo=/admin/...` is kept
 * for after the callback when it is a path on this site; anything else is ignored.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const noStore = { "Cache-Control": "no-store" };
  const limit = await checkRateLimit("signIn", context.clientAddress);
  if (!limit.allowed) {
    return data(
      { problem: "rate_limited" as const, message: RATE_LIMIT_MESSAGE },
      { status: 429, headers: { ...noStore, "Retry-After": String(limit.retryAfter) } },
    );
  }

  const authenticator = await availableAuthenticator();
  if (authenticator === "unavailable") {
    return data({ problem: authenticator }, { status: 503, headers: { ...noStore, "Retry-After": "30" } });
  }
  if (authenticator === "not_configured")
    return data({ problem: authenticator }, { status: 503, headers: noStore });

  throw await startSignIn(authenticator, request, new URL(request.url).searchParams.get("returnTo"));
}

const TITLES = {
  rate_limited: "Too many sign-in attempts",
  unavailable: "Sign-in is unavailable",
  not_configured: "Sign-in is not configured",
} as const;

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: `${loaderData ? TITLES[loaderData.problem] : "Sign in"} | Kestrel Insight` },
  { name: "robots", content: "noindex" },
];

export default function SignInUnavailable() {
  const loaderData = useLoaderData<typeof loader>();
  const { problem } = loaderData;
  if (loaderData.problem === "rate_limited") {
    return (
      <SignInNotice title={TITLES.rate_limited} retry="Try again">
        <p>{loaderData.message}</p>
      </SignInNotice>
    );
  }
  if (problem === "unavailable") {
    return (
      <SignInNotice title={TITLES.unavailable} retry="Try again">
        <p>The identity provider could not be reached. Please try again in a few minutes.</p>
      </SignInNotice>
    );
  }
  return (
    <SignInNotice title={TITLES.not_configured}>
      <p>This site has no identity provider connected yet, so nobody can sign in to the admin area.</p>
      <p>If you run this site, see the README&apos;s section on connecting an identity provider.</p>
    </SignInNotice>
  );
}
