import crypto from "node:crypto";
import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";

export interface PolicyInputs {
  /** PUBLIC_URL is https: send HSTS and upgrade-insecure-requests. */
  secure: boolean;
  /** Origins, besides the site, that forms may post to and redirect through (the identity provider). */
  formActionOrigins: string[];
  /** Google Analytics is configured (a measurement ID is set): allow its hosts. */
  analytics: boolean;
  /** Extra connect-src entries, such as Vite's hot-reload socket in development. */
  connectSources?: string[];
}

const GA_SCRIPT_HOSTS = ["https://www.googletagmanager.com"];
const GA_CONNECT_HOSTS = [
  "https://www.googletagmanager.com",
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
];

const templates = new Map<string, [string, string]>();

/** The policy with this nonce; the rest of the policy is built once per set of inputs. */
export function contentSecurityPolicy(nonce: string, inputs: PolicyInputs): string {
  const key = `${inputs.secure}|${inputs.analytics}|${inputs.formActionOrigins.join(" ")}|${(inputs.connectSources ?? []).join(" ")}`;
  let template = templates.get(key);
  if (!template) {
    const [before, after] = buildPolicy("\u0000", inputs).split("\u0000") as [string, string];
    template = [before, after];
    if (templates.size > 50) templates.clear();
    templates.set(key, template);
  }
  return template[0] + nonce + template[1];
}

function buildPolicy(nonce: string, inputs: PolicyInputs): string {
  const ga = inputs.analytics;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [`'nonce-${nonce}'`, "'strict-dynamic'", ...(ga ? GA_SCRIPT_HOSTS : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", ...(ga ? GA_CONNECT_HOSTS : [])],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(ga ? GA_CONNECT_HOSTS : []), ...(inputs.connectSources ?? [])],
    "frame-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'", ...inputs.formActionOrigins],
    "manifest-src": ["'self'"],
    "worker-src": ["'none'"],
  };
  const parts = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`);
  if (inputs.secure) parts.push("upgrade-insecure-requests");
  return parts.join("; ");
}

export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "publickey-credentials-get=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/**
 * 16 fresh random bytes per response, base64. Drawn from a pool refilled from the CSPRNG 256 nonces at a
 * time: one system call per 256 responses rather than one each (no byte is ever used twice).
 */
const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let poolOffset = pool.length;
export function newNonce(): string {
  if (poolOffset >= pool.length) {
    crypto.randomFillSync(pool);
    poolOffset = 0;
  }
  const nonce = pool.toString("base64", poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

/** The headers every answer carries, page or data. */
function sharedSecurityHeaders(policy: Pick<PolicyInputs, "secure">): [string, string][] {
  const list: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
  ];
  if (policy.secure) list.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return list;
}

/** Every security header for one response, as [name, value] pairs. */
export function securityHeaderList(nonce: string, policy: PolicyInputs): [string, string][] {
  return [
    ["Content-Security-Policy", contentSecurityPolicy(nonce, policy)],
    ["Permissions-Policy", PERMISSIONS_POLICY],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ...sharedSecurityHeaders(policy),
  ];
}

/**
 * An answer that is data, not a page (a JSON read or error): it may load nothing and be framed nowhere, and
 * the headers that govern a document's scripts and windows (the nonce, Permissions-Policy, COOP) have
 * nothing to govern. Its headers do not change from one answer to the next, so the JSON cache sends them
 * as made once.
 */
export const DATA_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function dataSecurityHeaderList(policy: Pick<PolicyInputs, "secure">): [string, string][] {
  return [["Content-Security-Policy", DATA_CONTENT_SECURITY_POLICY], ...sharedSecurityHeaders(policy)];
}

/** JSON, by its Content-Type (application/json, application/problem+json): answered with the data headers. */
export function isJsonContentType(contentType: string | number | string[] | undefined | null): boolean {
  return /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i.test(String(contentType ?? ""));
}

/** Turns the page headers the middleware set into the data headers, for an answer found to be JSON. */
export function useDataSecurityHeaders(res: ServerResponse): void {
  res.removeHeader("Permissions-Policy");
  res.removeHeader("Cross-Origin-Opener-Policy");
  res.setHeader("Content-Security-Policy", DATA_CONTENT_SECURITY_POLICY);
}

/** Sets every security header, with this nonce, on a Node response. */
export function applySecurityHeaders(res: ServerResponse, nonce: string, policy: PolicyInputs): void {
  for (const [name, value] of securityHeaderList(nonce, policy)) res.setHeader(name, value);
}

/**
 * Sets the security headers on every response, static files and errors included, and gives each
 * response its own CSP nonce in res.locals.cspNonce for the Remix render.
 */
export function securityHeaders(inputs: () => PolicyInputs): RequestHandler {
  return (_req, res, next) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    applySecurityHeaders(res, nonce, inputs());
    next();
  };
}
