import { createCookie } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { CodeChallengeMethod, OAuth2RequestError, OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import { COOKIE_NAMES } from "~/utils/cookie-registry";
import { getConfig, type Config } from "~/server/config.server";
import { CALLBACK_PATH, callbackUrl, signInProvider } from "~/server/auth/oidc-client.server";
import { DEFAULT_RETURN_TO, safeReturnTo } from "~/utils/return-to";

/**
 * Sign-in with OpenID Connect (code flow, PKCE S256, state) through remix-auth-oauth2. The strategy only
 * runs the protocol; what to do with the result (session, redirects, error pages) is the routes' job.
 */

export interface SignInIdentity {
  email: string;
  firstName: string | null;
  /** The whole name the provider gave, for a new operator's entry. */
  name: string;
  /** The ID token's `amr` (RFC 8176), as sent: how the person authenticated, kept with the session. */
  authMethods: string[];
  /** The ID token's `acr`, as sent, or null. */
  authContext: string | null;
}

/**
 * The `amr` values (RFC 8176, section 2) that show a second factor: multiple factors, a one-time
 * password, a hardware or software key, a text message, proof of possession.
 */
export const SECOND_FACTOR_METHODS: readonly string[] = ["mfa", "otp", "hwk", "swk", "sms", "pop"];

/** Whether a sign-in must show a second factor, and the `acr` that also shows one (OIDC_REQUIRED_ACR). */
export interface SecondFactorRequirement {
  requireMfa: boolean;
  requiredAcr: string | null;
}

export function secondFactorRequirement(config: Config = getConfig()): SecondFactorRequirement {
  return { requireMfa: config.requireMfa, requiredAcr: config.oidcRequiredAcr };
}

/** The provider vouched for someone this site does not admit: 403, no session. */
export class SignInRefused extends Error {
  constructor(
    readonly reason: "not_allowed" | "unverified" | "no_email" | "no_second_factor" | "remote_peer",
    readonly email: string | null,
  ) {
    super(`Sign-in refused: ${reason}`);
    this.name = "SignInRefused";
  }
}

/** The provider could not be reached or answered nonsense: not the visitor's fault. */
export class ProviderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ProviderUnavailable";
  }
}

const STRATEGY = "oidc";
const SCOPES = ["openid", "email", "profile"];
const FLOW_LIFETIME_SECONDS = 600;
const PROVIDER_TIMEOUT_MS = 10_000;

const metadataSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url().optional(),
  revocation_endpoint: z.url().optional(),
});
type ProviderMetadata = z.infer<typeof metadataSchema>;

const claimsSchema = z.object({
  sub: z.string().optional(),
  email: z.string().trim().optional(),
  // Some providers send booleans as strings.
  email_verified: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).optional(),
  given_name: z.string().optional(),
  name: z.string().optional(),
});
type Claims = z.infer<typeof claimsSchema>;

/**
 * What is read from the ID token only: how the person authenticated. Userinfo's copy is never trusted
 * for it (claimsSchema drops these keys). A malformed value counts as absent rather than spoiling the rest.
 */
const idTokenSchema = claimsSchema.extend({
  amr: z.array(z.string()).optional().catch(undefined),
  acr: z.string().optional().catch(undefined),
});
type IdTokenClaims = z.infer<typeof idTokenSchema>;

/** Discovery documents, fetched once per process and issuer (a failed fetch is retried next time). */
const discoveries = new Map<string, Promise<ProviderMetadata>>();

function discover(issuer: string): Promise<ProviderMetadata> {
  let pending = discoveries.get(issuer);
  if (!pending) {
    pending = fetchMetadata(issuer);
    discoveries.set(issuer, pending);
    pending.catch(() => discoveries.delete(issuer));
  }
  return pending;
}

async function fetchMetadata(issuer: string): Promise<ProviderMetadata> {
  const base = issuer.replace(/\/+$/, "");
  let body: unknown;
  try {
    const response = await fetch(`${base}/.well-known/openid-configuration`, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    body = await response.json();
  } catch (error) {
    throw new ProviderUnavailable(`OpenID Connect discovery failed at ${base}`, { cause: error });
  }
  const parsed = metadataSchema.safeParse(body);
  if (!parsed.success) throw new ProviderUnavailable(`The discovery document of ${base} is not valid`);
  // OpenID Connect Discovery 1.0, section 4.3: the document must name the issuer we asked.
  if (parsed.data.issuer.replace(/\/+$/, "") !== base) {
    throw new ProviderUnavailable(`The discovery document of ${base} names another issuer (${parsed.data.issuer})`);
  }
  return parsed.data;
}

interface Built {
  key: string;
  authenticator: Authenticator<SignInIdentity>;
}
let built: Built | undefined;

/**
 * The authenticator for the configured provider; undefined when sign-in is not configured (a deployed
 * site without OIDC_*). Throws ProviderUnavailable when the provider's discovery fails.
 */
export async function signInAuthenticator(config: Config = getConfig()): Promise<Authenticator<SignInIdentity> | undefined> {
  const provider = signInProvider(config);
  if (!provider) return undefined;
  const redirectURI = callbackUrl(config);
  const key = JSON.stringify([provider.issuer, provider.clientId, provider.clientSecret, redirectURI, config.secure]);
  if (built?.key === key) return built.authenticator;

  const metadata = await discover(provider.issuer);
  const strategy = new OAuth2Strategy<SignInIdentity>(
    {
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      redirectURI,
      authorizationEndpoint: metadata.authorization_endpoint,
      tokenEndpoint: metadata.token_endpoint,
      tokenRevocationEndpoint: metadata.revocation_endpoint,
      scopes: SCOPES,
      // Always S256, whatever the provider advertises (discovery would fall back to "plain").
      codeChallengeMethod: CodeChallengeMethod.S256,
      cookie: {
        name: COOKIE_NAMES.signInState,
        httpOnly: true,
        sameSite: "Lax",
        path: CALLBACK_PATH,
        maxAge: FLOW_LIFETIME_SECONDS,
        ...(config.secure ? { secure: true as const } : {}),
      },
    },
    ({ tokens }) => identify(metadata, tokens),
  );
  const authenticator = new Authenticator<SignInIdentity>().use(strategy, STRATEGY);
  built = { key, authenticator };
  return authenticator;
}

/**
 * The authenticator, or why there is none: the provider cannot be reached now ("unavailable", logged), or
 * no provider is set ("not_configured"). What the sign-in start and its callback both ask first.
 */
export async function availableAuthenticator(): Promise<
  Authenticator<SignInIdentity> | "unavailable" | "not_configured"
> {
  try {
    return (await signInAuthenticator()) ?? "not_configured";
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    console.error(`[sign-in] ${error.message}`, error.cause ?? "");
    return "unavailable";
  }
}

type Tokens = OAuth2Strategy.VerifyOptions["tokens"];

/** Reads who signed in (userinfo, else the ID token's claims) and decides whether they may enter. */
async function identify(metadata: ProviderMetadata, tokens: Tokens): Promise<SignInIdentity> {
  return admitClaims(await readClaims(metadata, tokens), secondFactorRequirement());
}

/**
 * Who the provider vouched for: an e-mail address that is not marked unverified, and, when the site
 * requires it, a sign-in that used a second factor (`amr` naming one, or `acr` equal to the required
 * value). Throws SignInRefused otherwise. Whether the address is an operator's is the callback's question
 * (the database's answer).
 */
export function admitClaims(
  claims: unknown,
  requirement: SecondFactorRequirement = secondFactorRequirement(),
): SignInIdentity {
  const parsed = idTokenSchema.safeParse(claims);
  const known: IdTokenClaims = parsed.success ? parsed.data : {};
  const email = known.email?.toLowerCase();
  if (!email) throw new SignInRefused("no_email", null);
  if (known.email_verified === false) throw new SignInRefused("unverified", email);
  const authMethods = known.amr ?? [];
  const authContext = known.acr ?? null;
  if (requirement.requireMfa && !showsSecondFactor(authMethods, authContext, requirement.requiredAcr)) {
    throw new SignInRefused("no_second_factor", email);
  }
  return {
    email,
    firstName: firstNameOf(known),
    name: (known.name?.trim() || firstNameOf(known) || "").slice(0, 100),
    authMethods,
    authContext,
  };
}

function showsSecondFactor(authMethods: string[], authContext: string | null, requiredAcr: string | null): boolean {
  if (authMethods.some((method) => SECOND_FACTOR_METHODS.includes(method))) return true;
  return requiredAcr !== null && authContext === requiredAcr;
}

/**
 * The claims of a sign-in: the ID token's, with userinfo's profile claims over them. How the person
 * authenticated (`amr`, `acr`) comes from the ID token alone, whatever userinfo says. Throws
 * ProviderUnavailable when userinfo is not valid or is about another subject.
 */
export function mergeClaims(idToken: unknown, userinfo: unknown): IdTokenClaims {
  const fromIdTokenParsed = idTokenSchema.safeParse(idToken);
  const fromIdToken: IdTokenClaims = fromIdTokenParsed.success ? fromIdTokenParsed.data : {};
  const parsed = claimsSchema.safeParse(userinfo);
  if (!parsed.success) throw new ProviderUnavailable("The identity provider's userinfo answer is not valid");
  // OpenID Connect Core 1.0, section 5.3.2: userinfo must be about the ID token's subject.
  if (fromIdToken.sub && parsed.data.sub !== fromIdToken.sub) {
    throw new ProviderUnavailable("The userinfo answer is about another subject than the ID token");
  }
  return { ...fromIdToken, ...parsed.data, amr: fromIdToken.amr, acr: fromIdToken.acr };
}

async function readClaims(metadata: ProviderMetadata, tokens: Tokens): Promise<IdTokenClaims> {
  const fromIdToken = idTokenClaims(tokens);
  if (!metadata.userinfo_endpoint) return fromIdToken;
  let body: unknown;
  try {
    const response = await fetch(metadata.userinfo_endpoint, {
      headers: { Authorization: `Bearer ${tokens.accessToken()}`, Accept: "application/json" },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    body = await response.json();
  } catch (error) {
    throw new ProviderUnavailable("The identity provider's userinfo endpoint failed", { cause: error });
  }
  return mergeClaims(fromIdToken, body);
}

/**
 * The ID token's claims, unverified: it came straight from the token endpoint over the connection we
 * opened (OpenID Connect Core 1.0, section 3.1.3.7 allows TLS in place of checking the signature).
 */
function idTokenClaims(tokens: Tokens): IdTokenClaims {
  if (!("id_token" in tokens.data) || typeof tokens.data.id_token !== "string") return {};
  const payload = tokens.data.id_token.split(".")[1];
  if (!payload) return {};
  try {
    const parsed = idTokenSchema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function firstNameOf(claims: Claims): string | null {
  const name = claims.given_name?.trim() || claims.name?.trim().split(/\s+/)[0] || "";
  return name ? name.slice(0, 100) : null;
}

function returnToCookie(config: Config) {
  return createCookie(COOKIE_NAMES.signInReturnTo, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.secure,
    path: CALLBACK_PATH,
    maxAge: FLOW_LIFETIME_SECONDS,
    secrets: [config.sessionSecret],
  });
}

/**
 * Starts the flow: the redirect to the provider (with the state cookie the strategy sets), plus the
 * page to return to afterwards when one was asked for and is safe.
 */
export async function startSignIn(
  authenticator: Authenticator<SignInIdentity>,
  request: Request,
  returnTo: string | null,
): Promise<Response> {
  const url = new URL(request.url);
  // The strategy tells the start from the callback by a `state` in the URL: never pass one through.
  url.search = "";
  try {
    await authenticator.authenticate(STRATEGY, new Request(url, { headers: request.headers }));
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const headers = new Headers(thrown.headers);
    headers.set("Cache-Control", "no-store");
    const target = safeReturnTo(returnTo);
    if (returnTo && target !== DEFAULT_RETURN_TO) {
      headers.append("Set-Cookie", await returnToCookie(getConfig()).serialize(target));
    }
    return new Response(null, { status: thrown.status, headers });
  }
  throw new Error("The sign-in strategy did not redirect to the provider");
}

export type CallbackOutcome =
  | { ok: true; identity: SignInIdentity; returnTo: string }
  | { ok: false; problem: "failed" }
  | { ok: false; problem: "refused"; reason: SignInRefused["reason"]; email: string | null }
  | { ok: false; problem: "unavailable" };

/**
 * Completes the flow. A bad or replayed callback (no or wrong state, no code, an error from the
 * provider, a code it refuses) is "failed"; nothing here throws for the visitor to see as a 500.
 */
export async function finishSignIn(
  authenticator: Authenticator<SignInIdentity>,
  request: Request,
): Promise<CallbackOutcome> {
  const url = new URL(request.url);
  // Without a state the strategy would start a new flow instead: a callback without one is just bad.
  if (!url.searchParams.get("state")) return { ok: false, problem: "failed" };
  try {
    const identity = await authenticator.authenticate(STRATEGY, request);
    const saved: unknown = await returnToCookie(getConfig()).parse(request.headers.get("Cookie"));
    return { ok: true, identity, returnTo: safeReturnTo(typeof saved === "string" ? saved : null) };
  } catch (error) {
    if (error instanceof SignInRefused) return { ok: false, problem: "refused", reason: error.reason, email: error.email };
    if (error instanceof RangeError || error instanceof ReferenceError || error instanceof OAuth2RequestError) {
      return { ok: false, problem: "failed" };
    }
    console.error("[sign-in] the identity provider failed:", error);
    return { ok: false, problem: "unavailable" };
  }
}

/** Set-Cookie values that clear the flow's cookies (the strategy leaves its state cookie behind). */
export function clearSignInCookies(request: Request, config: Config = getConfig()): string[] {
  const attributes = `Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=${CALLBACK_PATH}; HttpOnly; SameSite=Lax${config.secure ? "; Secure" : ""}`;
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter((name) => name.startsWith(`${COOKIE_NAMES.signInState}:`) || name === COOKIE_NAMES.signInReturnTo);
  return [...new Set(names)].map((name) => `${name}=; ${attributes}`);
}
