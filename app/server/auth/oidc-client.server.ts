import crypto from "node:crypto";
import type { Config, OidcConfig } from "~/server/config.server";

/**
 * Who the site signs in with, shared by the sign-in strategy (inside the Remix build) and the local
 * identity provider (mounted by server.ts): both derive the same values from the configuration.
 */

/** Where server.ts mounts the local identity provider. */
export const LOCAL_PROVIDER_PATH = "/oidc";
export const LOCAL_CLIENT_ID = "kestrel-local";

/** The path of the OpenID Connect redirect URI; register `${PUBLIC_URL}${CALLBACK_PATH}` at the provider. */
export const CALLBACK_PATH = "/api/auth/callback";

export function callbackUrl(config: Config): string {
  return `${config.publicUrl.origin}${CALLBACK_PATH}`;
}

export function localIssuer(config: Config): string {
  return `${config.publicUrl.origin}${LOCAL_PROVIDER_PATH}`;
}

/** A value derived from SESSION_SECRET for one purpose, so no secret is reused as is. */
export function derivedSecret(config: Config, purpose: string): string {
  return crypto.createHmac("sha256", config.sessionSecret).update(`kestrel-local-oidc:${purpose}`).digest("base64url");
}

/**
 * The provider the site signs in with: the configured one (OIDC_*), the local one on a local site, or
 * none (a deployed site without OIDC_*: sign-in is not configured).
 */
export function signInProvider(config: Config): OidcConfig | undefined {
  if (config.oidc) return config.oidc;
  if (!config.localIdentityProvider) return undefined;
  return { issuer: localIssuer(config), clientId: LOCAL_CLIENT_ID, clientSecret: derivedSecret(config, "client-secret") };
}
