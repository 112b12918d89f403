import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isSingleAddress } from "~/utils/mail-address";

/**
 * The server's configuration, read once from the environment through one schema.
 *
 * "Local" versus "deployed" is decided by where the site is served (PUBLIC_URL), not by NODE_ENV:
 * `npm start` runs the production build on a laptop and must still work with no set-up.
 * See docs/decisions/0002-local-versus-deployed.md.
 */

const LOCAL_ADMIN_EMAIL = "admin@kestrelinsight.example";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return fallback;
      if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
        ctx.addIssue({
          code: "custom",
          message: `must be a whole number from ${min} to ${max} (got "${value}")`,
        });
        return z.NEVER;
      }
      return Number(value);
    });

/** "true"/"1" or "false"/"0" (any case); unset or empty: undefined, for a default that depends on the site. */
const flag = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === "") return undefined;
    const lower = value.toLowerCase();
    if (lower === "true" || lower === "1") return true;
    if (lower === "false" || lower === "0") return false;
    ctx.addIssue({ code: "custom", message: `must be true, false, 1 or 0 (got "${redact(value)}")` });
    return z.NEVER;
  });

const urlText = (protocols: string[], what: string) =>
  optionalText.superRefine((value, ctx) => {
    if (value === undefined) return;
    try {
      const url = new URL(value);
      if (!protocols.includes(url.protocol)) throw new Error("protocol");
    } catch {
      ctx.addIssue({ code: "custom", message: `must be ${what} (got "${redact(value)}")` });
    }
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: optionalText,
  PORT: integer(3000, 1, 65535),
  DATABASE_URL: urlText(["postgres:", "postgresql:"], "a postgres:// or postgresql:// URL"),
  DATA_DIR: optionalText,
  PUBLIC_URL: urlText(["http:", "https:"], "an http:// or https:// URL"),
  SESSION_SECRET: optionalText.superRefine((value, ctx) => {
    if (value !== undefined && value.length < 32) {
      ctx.addIssue({ code: "custom", message: "must be at least 32 characters long" });
    }
  }),
  SESSION_IDLE_MINUTES: integer(60, 1, 60 * 24 * 30),
  SESSION_MAX_HOURS: integer(12, 1, 24 * 90),
  OIDC_ISSUER: urlText(["http:", "https:"], "an http:// or https:// URL"),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_REQUIRED_ACR: optionalText,
  REQUIRE_MFA: flag,
  ADMIN_EMAILS: optionalText,
  TRUST_PROXY: integer(0, 0, 10),
  CONTACT_RATE_LIMIT: integer(5, 1, 1_000_000),
  CONTACT_RATE_WINDOW_SECONDS: integer(600, 1, 86_400),
  SIGN_IN_RATE_LIMIT: integer(20, 1, 1_000_000),
  ADMIN_WRITE_RATE_LIMIT: integer(120, 1, 1_000_000),
  CONSENT_RATE_LIMIT: integer(20, 1, 1_000_000),
  RATE_WINDOW_SECONDS: integer(600, 1, 86_400),
  REQUEST_TIMEOUT_SECONDS: integer(30, 5, 600),
  BODY_IDLE_TIMEOUT_SECONDS: integer(10, 1, 300),
  MAX_CONNECTIONS: integer(1000, 10, 100_000),
  DATABASE_TIMEOUT_SECONDS: integer(5, 1, 300),
  REQUEST_DEADLINE_SECONDS: integer(10, 2, 600),
  SEARCH_TIMEOUT_MS: integer(1500, 1, 60_000),
  TLS_CERT_FILE: optionalText,
  TLS_KEY_FILE: optionalText,
  HTTP_REDIRECT_PORT: integer(0, 0, 65535),
  SMTP_URL: optionalText,
  MAIL_FROM: optionalText,
  WEB_CONCURRENCY: integer(1, 1, 64),
});

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/** An address as mail headers carry it: the display name apart, so it is encoded and never parsed again. */
export interface MailAddress {
  name: string;
  address: string;
}

/** How notifications leave: over SMTP, as .eml files in a folder (a local site without SMTP), or not yet. */
export type MailConfig =
  | { mode: "smtp"; smtp: SmtpSettings; from: MailAddress; fileDir: string }
  | { mode: "file"; from: MailAddress; fileDir: string }
  | { mode: "off"; from: MailAddress; fileDir: string };

export interface SmtpSettings {
  host: string;
  port: number;
  /** smtps: TLS from the first byte; smtp: STARTTLS when the server offers it. */
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
  /** For the start line: the URL without its password. */
  display: string;
}

export interface Config {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  /** The interface to listen on: HOST, else loopback while the password-less local provider is mounted. */
  host: string;
  /** HOST was set explicitly. */
  hostExplicit: boolean;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: URL;
  /** PUBLIC_URL is not a loopback address: the site is deployed. */
  deployed: boolean;
  /** Cookies get Secure and the __Host- prefix, and HSTS is sent. */
  secure: boolean;
  sessionSecret: string;
  session: { idleMinutes: number; maxHours: number };
  /** Set when a real identity provider is configured. */
  oidc: OidcConfig | undefined;
  /** The in-process identity provider is mounted: local site, no OIDC_ISSUER. */
  localIdentityProvider: boolean;
  /**
   * A sign-in must show a second factor (the ID token's `amr` or `acr`). REQUIRE_MFA; default on a
   * deployed site, off on a local one.
   */
  requireMfa: boolean;
  /** OIDC_REQUIRED_ACR: an ID token whose `acr` equals this also shows a second factor. */
  oidcRequiredAcr: string | null;
  adminEmails: string[];
  trustProxy: number;
  rateLimits: { contact: RateLimit; signIn: RateLimit; adminWrite: RateLimit; consent: RateLimit };
  /** The server terminates TLS itself with these files (PEM); otherwise a proxy in front does. */
  tls: { certFile: string; keyFile: string } | undefined;
  /** A plain-HTTP port that only redirects to PUBLIC_URL (0: none). */
  httpRedirectPort: number;
  /** WEB_CONCURRENCY: server processes sharing the port, each a whole server (docs/decisions/0034). */
  processes: number;
  /** Limits for a server on the internet: a whole request, a pause in a body, open connections. */
  limits: {
    requestTimeoutMs: number;
    bodyIdleMs: number;
    maxConnections: number;
    /** A query (statement_timeout), or the embedded database's silence, past this is given up. */
    databaseTimeoutMs: number;
    /** A request whose answer is not ready by then gets 503 (the database is hung or overloaded). */
    requestDeadlineMs: number;
    /** A visitor's search (waiting for its turn included) past this is given up: "Search is busy". */
    searchTimeoutMs: number;
  };
  mail: MailConfig;
  warnings: string[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** A value as a start-up problem may quote it: one line, and never a password (parsable as a URL or not). */
function redact(value: string): string {
  // eslint-disable-next-line no-control-regex -- a problem is reported on one line
  const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]/g, " ");
  try {
    const url = new URL(value);
    if (url.password) url.password = "***";
    return oneLine(url.toString());
  } catch {
    // Not a URL, but it may still hold a login: hide everything between "scheme://user:" and the last "@".
    const safe = oneLine(value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/:@]*:)[^/]*@/i, "$1***@"));
    return safe.length > 60 ? `${safe.slice(0, 57)}...` : safe;
  }
}

/** A peer's socket address on this machine: 127.0.0.0/8, ::1, or either mapped into IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:/, "");
  return plain === "::1" || /^127(\.\d{1,3}){3}$/.test(plain);
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "");
  return (
    host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/**
 * Reads and checks the environment. Pure apart from the local session secret, which is generated once
 * and kept in DATA_DIR so that sign-ins survive a restart.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const warnings: string[] = [];

  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  const deployed = !isLoopbackHost(publicUrl.hostname);
  const dataDir = path.resolve(e.DATA_DIR ?? "./data");

  const oidcParts = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  const oidc =
    e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
      ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
      : undefined;
  if (!oidc && oidcParts.some(Boolean)) {
    problems.push("OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three, or none");
  }

  let sessionSecret = e.SESSION_SECRET;
  if (!sessionSecret) {
    if (deployed) problems.push("SESSION_SECRET: required when PUBLIC_URL is not a loopback address");
    else sessionSecret = localSessionSecret(dataDir);
  }

  const adminEmails = (e.ADMIN_EMAILS ?? (deployed ? "" : LOCAL_ADMIN_EMAIL))
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  for (const entry of adminEmails) {
    if (!/^[^@\s]*@[^@\s]+\.[^@\s]+$/.test(entry)) {
      problems.push(`ADMIN_EMAILS: "${entry}" is neither an e-mail address nor an @domain entry`);
    }
  }

  if (deployed && !oidc)
    warnings.push("Sign-in is not configured: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.");
  if (deployed && adminEmails.length === 0) warnings.push("ADMIN_EMAILS is empty: nobody can sign in.");
  if (deployed && !e.DATABASE_URL)
    warnings.push("DATABASE_URL is not set: using the embedded database in DATA_DIR.");
  if (deployed && publicUrl.protocol !== "https:")
    warnings.push("PUBLIC_URL is not https: cookies will not be Secure.");

  if (Boolean(e.TLS_CERT_FILE) !== Boolean(e.TLS_KEY_FILE))
    problems.push("TLS_CERT_FILE and TLS_KEY_FILE: set both, or neither");
  for (const [name, file] of [
    ["TLS_CERT_FILE", e.TLS_CERT_FILE],
    ["TLS_KEY_FILE", e.TLS_KEY_FILE],
  ] as const) {
    if (file && !fs.existsSync(file)) problems.push(`${name}: no such file (${file})`);
  }
  if (e.HTTP_REDIRECT_PORT && publicUrl.protocol !== "https:") {
    problems.push("HTTP_REDIRECT_PORT: only for an https PUBLIC_URL (it redirects plain HTTP there)");
  }

  const smtp = e.SMTP_URL ? smtpSettings(e.SMTP_URL, problems) : undefined;
  const from = e.MAIL_FROM ? mailAddress(e.MAIL_FROM) : undefined;
  if (e.MAIL_FROM && !from) {
    problems.push(
      `MAIL_FROM: must be an e-mail address, or a name and one as "Kestrel Insight <notifications@example.com>" (got "${redact(e.MAIL_FROM)}")`,
    );
  }
  if (deployed && smtp && !e.MAIL_FROM)
    problems.push(
      "MAIL_FROM: required with SMTP_URL on a deployed site (the address notifications come from)",
    );
  if (deployed && !smtp)
    warnings.push("SMTP_URL is not set: notifications of new messages stay queued until it is.");
  const mailDir = path.join(dataDir, "mail");
  const sender = from ?? { name: "Kestrel Insight", address: `notifications@${publicUrl.hostname}` };
  const mail: MailConfig = smtp
    ? { mode: "smtp", smtp, from: sender, fileDir: mailDir }
    : { mode: deployed ? "off" : "file", from: sender, fileDir: mailDir };

  const localIdentityProvider = !oidc && !deployed;
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    problems.push(
      "WEB_CONCURRENCY: more than one process needs DATABASE_URL (the embedded database has one owner per data folder)",
    );
  }
  if (e.WEB_CONCURRENCY > 1 && localIdentityProvider) {
    problems.push(
      "WEB_CONCURRENCY: more than one process needs OIDC_ISSUER (the local identity provider keeps sign-ins in its own process)",
    );
  }

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    host: e.HOST ?? (localIdentityProvider ? "127.0.0.1" : "0.0.0.0"),
    hostExplicit: e.HOST !== undefined,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    publicUrl,
    deployed,
    secure: publicUrl.protocol === "https:",
    sessionSecret: sessionSecret!,
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, maxHours: e.SESSION_MAX_HOURS },
    oidc,
    localIdentityProvider,
    requireMfa: e.REQUIRE_MFA ?? deployed,
    oidcRequiredAcr: e.OIDC_REQUIRED_ACR ?? null,
    adminEmails,
    trustProxy: e.TRUST_PROXY,
    rateLimits: {
      contact: { max: e.CONTACT_RATE_LIMIT, windowSeconds: e.CONTACT_RATE_WINDOW_SECONDS },
      signIn: { max: e.SIGN_IN_RATE_LIMIT, windowSeconds: e.RATE_WINDOW_SECONDS },
      adminWrite: { max: e.ADMIN_WRITE_RATE_LIMIT, windowSeconds: e.RATE_WINDOW_SECONDS },
      consent: { max: e.CONSENT_RATE_LIMIT, windowSeconds: e.RATE_WINDOW_SECONDS },
    },
    tls:
      e.TLS_CERT_FILE && e.TLS_KEY_FILE ? { certFile: e.TLS_CERT_FILE, keyFile: e.TLS_KEY_FILE } : undefined,
    httpRedirectPort: e.HTTP_REDIRECT_PORT,
    processes: e.WEB_CONCURRENCY,
    limits: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      bodyIdleMs: e.BODY_IDLE_TIMEOUT_SECONDS * 1000,
      maxConnections: e.MAX_CONNECTIONS,
      databaseTimeoutMs: e.DATABASE_TIMEOUT_SECONDS * 1000,
      requestDeadlineMs: e.REQUEST_DEADLINE_SECONDS * 1000,
      searchTimeoutMs: e.SEARCH_TIMEOUT_MS,
    },
    mail,
    warnings,
  };
}

/** SMTP_URL: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465 (TLS). */
function smtpSettings(value: string, problems: string[]): SmtpSettings | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`SMTP_URL: must be smtp://user:password@host:587 or smtps://... (got "${redact(value)}")`);
    return undefined;
  }
  if ((url.protocol !== "smtp:" && url.protocol !== "smtps:") || !url.hostname) {
    problems.push(`SMTP_URL: must be smtp://user:password@host:587 or smtps://... (got "${redact(value)}")`);
    return undefined;
  }
  const secure = url.protocol === "smtps:";
  const display = new URL(url);
  display.password = "";
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    user: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    display: `${display.protocol}//${display.username ? `${display.username}@` : ""}${display.host}`,
  };
}

/** "notifications@example.com" or "Kestrel Insight <notifications@example.com>"; null when it is neither. */
export function mailAddress(value: string): MailAddress | null {
  if (/[\r\n\0]/.test(value)) return null;
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(value.trim());
  const name = (named ? named[1]! : "").trim().replace(/^"(.*)"$/, "$1");
  const address = (named ? named[2]! : value).trim();
  return isSingleAddress(address) ? { name, address } : null;
}

function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not generated yet
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let current: Config | undefined;

/** The configuration in force: set at start (and by tests), else read from the environment once. */
export function getConfig(): Config {
  return (current ??= loadConfig());
}

export function setConfig(config: Config): void {
  current = config;
}

export { LOCAL_ADMIN_EMAIL };
