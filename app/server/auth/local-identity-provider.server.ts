import crypto from "node:crypto";
import express, {
  type NextFunction,
  type Request as ExpressRequest,
  type RequestHandler,
  type Response as ExpressResponse,
} from "express";
import Provider, { type Account } from "oidc-provider";
import { isLoopbackAddress, type Config } from "~/server/config.server";
import {
  LOCAL_CLIENT_ID,
  LOCAL_PROVIDER_PATH,
  callbackUrl,
  derivedSecret,
  signInProvider,
} from "~/server/auth/oidc-client.server";
import { readLocalSignIn, type LocalSignInErrors, type LocalSignInValues } from "~/schemas/local-sign-in";
import { escapeHtml } from "~/utils/escape-html";
import { SECOND_FACTOR_TEXT } from "~/utils/second-factor";

/**
 * A real OpenID Connect provider (oidc-provider) mounted in process at /oidc, so that a fresh local
 * site, and the tests, sign in through exactly the flow a real provider runs. Its sign-in form takes any
 * e-mail address and a first name: there are no passwords, which is why it exists only on a local site
 * (PUBLIC_URL on a loopback address) with no OIDC_* configured. Its state lives in memory. It answers
 * only this computer (a peer whose socket address is loopback), whatever interface the server listens on,
 * and pre-fills no address. A checkbox on the form says whether a second factor was used, which the ID
 * token's `amr` then reports (["pwd", "otp"] or ["pwd"]), so that REQUIRE_MFA can be tried both ways.
 */

export function createLocalIdentityProvider(config: Config): express.Router {
  const client = signInProvider(config);
  if (config.deployed || config.oidc || !config.localIdentityProvider || !client) {
    throw new Error("The local identity provider is only for a local site (loopback PUBLIC_URL) without OIDC_*.");
  }

  /** First names by account (the account id is the e-mail address). */
  const firstNames = new Map<string, string>();

  const provider = new Provider(client.issuer, {
    clients: [
      {
        client_id: LOCAL_CLIENT_ID,
        client_secret: client.clientSecret,
        redirect_uris: [callbackUrl(config)],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
        id_token_signed_response_alg: "ES256",
      },
    ],
    jwks: { keys: [signingKey()] },
    cookies: {
      keys: [derivedSecret(config, "cookies")],
      // The provider's own sign-in session cookie goes to a path its authorization endpoint never sees,
      // so it remembers nobody between flows: every sign-in shows the form (as prompt=login would), and
      // switching accounts needs no provider logout page in between.
      long: { httpOnly: true, sameSite: "lax", path: `${LOCAL_PROVIDER_PATH}/session` },
      short: { httpOnly: true, sameSite: "lax" },
    },
    scopes: ["openid", "email", "profile"],
    claims: {
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      // amr with the openid scope: in every ID token (userinfo has none to give, it is not the account's).
      openid: ["sub", "amr"],
      email: ["email", "email_verified"],
      profile: ["given_name"],
    },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: {
      url: (_ctx, interaction) => `${LOCAL_PROVIDER_PATH}/interaction/${interaction.uid}`,
    },
    // The site is the provider's only client, its own: consent is implied, so the flow goes straight back.
    loadExistingGrant: async (ctx) => {
      const { client: oidcClient, session, result } = ctx.oidc;
      if (!oidcClient || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(oidcClient.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (existing?.accountId === session.accountId) return existing;
      const grant = new ctx.oidc.provider.Grant({ accountId: session.accountId, clientId: oidcClient.clientId });
      grant.addOIDCScope("openid email profile");
      grant.addOIDCClaims(["email", "email_verified", "given_name"]);
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, id): Promise<Account> => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: true, given_name: firstNames.get(id) }),
    }),
    renderError: (ctx, out) => {
      ctx.type = "html";
      ctx.body = page(
        "Sign-in error",
        `<h1>Sign-in error</h1><p>${escapeHtml(out.error_description ?? out.error ?? "The request could not be handled.")}</p>${startAgain}`,
      );
    },
  });
  provider.proxy = false;
  provider.on("server_error", (_ctx, error) => console.error("[local identity provider]", error));

  const router = express.Router();
  const interactionPath = "/interaction/:uid";

  router.use(refuseRemotePeers);

  router.get(
    interactionPath,
    handle(async (req, res) => {
      const interaction = await provider.interactionDetails(req, res);
      if (interaction.uid !== req.params.uid) return sendExpired(res);
      sendForm(res, interaction.uid, { email: "", firstName: "", secondFactor: false }, {}, 200);
    }),
  );

  router.post(
    interactionPath,
    express.urlencoded({ extended: false, limit: "4kb" }),
    handle(async (req, res) => {
      const interaction = await provider.interactionDetails(req, res);
      if (interaction.uid !== req.params.uid) return sendExpired(res);
      const body = req.body as Record<string, unknown>;
      if (body.intent === "cancel") {
        return provider.interactionFinished(req, res, {
          error: "access_denied",
          error_description: "The sign-in was cancelled.",
        });
      }
      const { values, errors } = readLocalSignIn(body);
      if (errors.email || errors.firstName) return sendForm(res, interaction.uid, values, errors, 400);
      firstNames.set(values.email, values.firstName);
      // The session's amr is what the ID token reports (RFC 8176: "pwd" password, "otp" one-time password).
      // oidc-provider takes `amr` with the login (actions/authorization/resume.js); its types leave it out.
      const login = { accountId: values.email, remember: false, amr: values.secondFactor ? ["pwd", "otp"] : ["pwd"] };
      await provider.interactionFinished(req, res, { login });
    }),
  );

  router.use(provider.callback());
  return router;
}

/** Mounts the provider at /oidc: call before the Remix handler. */
export function mountLocalIdentityProvider(app: express.Express, config: Config): void {
  app.use(LOCAL_PROVIDER_PATH, createLocalIdentityProvider(config));
}

function handle(fn: (req: ExpressRequest, res: ExpressResponse) => Promise<void>): RequestHandler {
  return (req, res, next: NextFunction) => {
    fn(req, res).catch((error: unknown) => {
      // interactionDetails throws SessionNotFound when the interaction cookie is missing or expired.
      if (error instanceof Error && error.name === "SessionNotFound") return sendExpired(res);
      next(error);
    });
  };
}

/**
 * The provider signs in anyone who types an allowlisted address, so only a person at this computer may
 * use it: the peer's socket address (never a forwarded header) must be loopback.
 */
export const refuseRemotePeers: RequestHandler = (req, res, next) => {
  if (isLoopbackAddress(req.socket.remoteAddress)) return next();
  res
    .status(403)
    .type("html")
    .set("Cache-Control", "no-store")
    .send(
      page(
        "Not available",
        `<h1>Not available from another computer</h1><p>The local identity provider signs in only from the computer the site runs on. A site that others reach needs a real identity provider (see the README).</p>`,
      ),
    );
};

function signingKey(): Record<string, unknown> {
  const { privateKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  return { ...privateKey.export({ format: "jwk" }), kid: crypto.randomUUID(), alg: "ES256", use: "sig" };
}

const startAgain = `<p><a href="/api/login">Start the sign-in again</a> or <a href="/">go to the home page</a>.</p>`;

function sendExpired(res: ExpressResponse): void {
  res
    .status(400)
    .type("html")
    .set("Cache-Control", "no-store")
    .send(page("Sign-in expired", `<h1>This sign-in has expired</h1><p>It was opened too long ago or already used.</p>${startAgain}`));
}

function sendForm(res: ExpressResponse, uid: string, values: LocalSignInValues, errors: LocalSignInErrors, status: number): void {
  const field = (name: keyof LocalSignInErrors, label: string, type: string, autocomplete: string) => {
    const error = errors[name];
    const errorId = `${name}-error`;
    return `<div class="field">
      <label for="${name}">${label}</label>
      <input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" required value="${escapeHtml(values[name])}"${
        error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ""
      }>
      ${error ? `<p class="error" id="${errorId}">${escapeHtml(error)}</p>` : ""}
    </div>`;
  };
  const action = `${LOCAL_PROVIDER_PATH}/interaction/${encodeURIComponent(uid)}`;
  res
    .status(status)
    .type("html")
    .set("Cache-Control", "no-store")
    .send(
      page(
        "Sign in",
        `<h1>Sign in to Kestrel Insight</h1>
        <p class="note">This is the <strong>local identity provider</strong>, for a site running on this computer. It asks no password: enter the e-mail address of an operator (listed in <code>ADMIN_EMAILS</code>) and your first name. Tick the box to sign in as if with a second factor (a site with <code>REQUIRE_MFA</code> on refuses a sign-in without one).</p>
        <form method="post" action="${action}" novalidate>
          ${field("email", "E-mail address", "email", "email")}
          ${field("firstName", "First name", "text", "given-name")}
          <div class="field checkbox">
            <input id="secondFactor" name="secondFactor" type="checkbox" value="yes"${values.secondFactor ? " checked" : ""}>
            <label for="secondFactor">${escapeHtml(SECOND_FACTOR_TEXT.localCheckbox)}</label>
          </div>
          <div class="actions">
            <button type="submit" name="intent" value="sign-in">Sign in</button>
            <button type="submit" name="intent" value="cancel" class="secondary" formnovalidate>Cancel</button>
          </div>
        </form>`,
      ),
    );
}

/** A self-contained page: no script, inline styles only (the site's CSP allows inline styles). */
function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | Local identity provider</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #121c30; background: #f4f6fa; }
  main { max-width: 26rem; margin: 3rem auto; padding: 2rem; background: #fff; border: 1px solid #d5dbe6; border-radius: 6px; }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  .note { color: #3a4660; font-size: 0.95rem; line-height: 1.5; }
  code { font-size: 0.9em; }
  .field { margin-top: 1.25rem; }
  label { display: block; font-weight: 600; margin-bottom: 0.35rem; }
  input { box-sizing: border-box; width: 100%; padding: 0.6rem 0.7rem; font: inherit; border: 1px solid #7b879e; border-radius: 4px; }
  .checkbox { display: flex; gap: 0.6rem; align-items: flex-start; }
  .checkbox input { width: 1.15rem; height: 1.15rem; margin: 0.15rem 0 0; flex: none; }
  .checkbox label { margin: 0; font-weight: 400; }
  input[aria-invalid="true"] { border-color: #b42318; }
  .error { color: #b42318; margin: 0.35rem 0 0; font-size: 0.9rem; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
  button { font: inherit; font-weight: 600; padding: 0.6rem 1.1rem; border-radius: 4px; border: 1px solid #04755e; background: #04755e; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #121c30; border-color: #7b879e; }
  :focus-visible { outline: 3px solid #0a5fd8; outline-offset: 2px; }
  a { color: #04755e; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}
