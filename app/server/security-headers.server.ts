import crypto from "node:crypto";
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

export function contentSecurityPolicy(nonce: string, inputs: PolicyInputs): string {
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
 * Sets the security headers on every response, static files and errors included, and gives each
 * response its own CSP nonce in res.locals.cspNonce for the Remix render.
 */
export function securityHeaders(inputs: () => PolicyInputs): RequestHandler {
  return (_req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const policy = inputs();
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, policy));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    if (policy.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
