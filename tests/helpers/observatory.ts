/**
 * Grades a response's headers by the Mozilla HTTP Observatory's published scoring rules (baseline 100,
 * modifiers per test; bonuses count only when the score before them is 90 or more; A+ at 100 or more).
 * It covers the tests that read headers and the page's scripts: CSP, cookies, CORS, Referrer-Policy,
 * HSTS, SRI, X-Content-Type-Options, X-Frame-Options and Cross-Origin-Resource-Policy.
 */

export interface GradeInput {
  headers: Headers;
  /** Every Set-Cookie value of the response. */
  setCookies: string[];
  html?: string;
  /** The page's origin, to tell its own scripts from external ones. */
  origin: string;
}

export interface Grade {
  score: number;
  grade: string;
  results: Record<string, { result: string; modifier: number }>;
}

const GRADES: [number, string][] = [
  [100, "A+"], [90, "A"], [85, "A-"], [80, "B+"], [70, "B"], [65, "B-"], [60, "C+"], [50, "C"], [45, "C-"], [40, "D+"], [30, "D"], [25, "D-"], [0, "F"],
];

function parseCsp(value: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of value.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

function cspTest(headers: Headers): [string, number] {
  const value = headers.get("content-security-policy");
  if (!value) return ["csp-not-implemented", -25];
  const csp = parseCsp(value);
  const fallback = (name: string) => csp.get(name) ?? csp.get("default-src") ?? ["*"];
  const script = fallback("script-src");
  const style = fallback("style-src");
  const hasNonceOrHash = script.some((s) => /^'(nonce|sha256|sha384|sha512)-/.test(s));
  const strictDynamic = script.includes("'strict-dynamic'");
  const insecureSchemes = (sources: string[]) =>
    sources.some((s) => s === "*" || s === "http:" || s === "https:" || s === "data:" || s.startsWith("http://"));
  if (script.includes("'unsafe-inline'") && !hasNonceOrHash) return ["csp-implemented-with-unsafe-inline", -20];
  if (!strictDynamic && insecureSchemes(script)) return ["csp-implemented-with-insecure-scheme", -20];
  const objectSrc = fallback("object-src");
  if (!strictDynamic && insecureSchemes(objectSrc)) return ["csp-implemented-with-insecure-scheme", -20];
  if (script.includes("'unsafe-eval'")) return ["csp-implemented-with-unsafe-eval", -10];
  const passive = ["img-src", "media-src"].flatMap((d) => fallback(d));
  if (passive.some((s) => s === "http:" || s.startsWith("http://"))) {
    return ["csp-implemented-with-insecure-scheme-in-passive-content-only", -10];
  }
  if (style.includes("'unsafe-inline'")) return ["csp-implemented-with-unsafe-inline-in-style-src-only", 0];
  if (csp.get("default-src")?.join(" ") === "'none'") return ["csp-implemented-with-no-unsafe-default-src-none", 10];
  return ["csp-implemented-with-no-unsafe", 5];
}

function cookiesTest(setCookies: string[], hsts: boolean): [string, number] {
  if (setCookies.length === 0) return ["cookies-not-found", 0];
  let allSecure = true;
  let allSameSite = true;
  for (const cookie of setCookies) {
    const attributes = cookie.toLowerCase().split(";").map((a) => a.trim());
    const name = attributes[0]!.split("=")[0]!;
    const secure = attributes.includes("secure");
    const httpOnly = attributes.includes("httponly");
    const sameSite = attributes.find((a) => a.startsWith("samesite="));
    if (sameSite && !["samesite=strict", "samesite=lax", "samesite=none"].includes(sameSite)) {
      return ["cookies-samesite-flag-invalid", -20];
    }
    const session = /sess|token|auth|login/.test(name);
    if (session && !secure) return hsts ? ["cookies-session-without-secure-flag-but-protected-by-hsts", -10] : ["cookies-session-without-secure-flag", -40];
    if (session && !httpOnly) return ["cookies-session-without-httponly-flag", -30];
    if (!secure) allSecure = false;
    if (!sameSite) allSameSite = false;
  }
  if (!allSecure) return hsts ? ["cookies-without-secure-flag-but-protected-by-hsts", -5] : ["cookies-without-secure-flag", -20];
  return allSameSite ? ["cookies-secure-with-httponly-sessionid-and-samesite", 5] : ["cookies-secure-with-httponly-sessionid", 0];
}

function corsTest(headers: Headers): [string, number] {
  const allow = headers.get("access-control-allow-origin");
  if (!allow) return ["cross-origin-resource-sharing-not-implemented", 0];
  return allow === "*" && headers.get("access-control-allow-credentials") === "true"
    ? ["cross-origin-resource-sharing-implemented-with-universal-access", -50]
    : ["cross-origin-resource-sharing-implemented-with-public-access", 0];
}

function referrerTest(headers: Headers): [string, number] {
  const value = headers.get("referrer-policy");
  if (!value) return ["referrer-policy-not-implemented", 0];
  const policy = value.split(",").map((p) => p.trim().toLowerCase()).at(-1)!;
  if (["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"].includes(policy)) {
    return ["referrer-policy-private", 5];
  }
  if (policy === "no-referrer-when-downgrade") return ["referrer-policy-no-referrer-when-downgrade", 0];
  if (["origin", "origin-when-cross-origin", "unsafe-url"].includes(policy)) return ["referrer-policy-unsafe", -5];
  return ["referrer-policy-header-invalid", -5];
}

function hstsTest(headers: Headers): [string, number] {
  const value = headers.get("strict-transport-security");
  if (!value) return ["hsts-not-implemented", -20];
  const maxAge = /max-age=(\d+)/i.exec(value)?.[1];
  if (maxAge === undefined) return ["hsts-header-invalid", -20];
  if (Number(maxAge) < 15_768_000) return ["hsts-implemented-max-age-less-than-six-months", -10];
  return ["hsts-implemented-max-age-at-least-six-months", 0];
}

function sriTest(html: string | undefined, origin: string): [string, number] {
  const scripts = [...(html ?? "").matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
  const external = scripts
    .map((tag) => ({ src: /\ssrc="([^"]+)"/i.exec(tag)?.[1], integrity: /\sintegrity=/i.test(tag) }))
    .filter((s): s is { src: string; integrity: boolean } => Boolean(s.src))
    .filter((s) => new URL(s.src, origin).origin !== origin);
  if (scripts.length === 0) return ["sri-not-implemented-but-no-scripts-loaded", 0];
  if (external.length === 0) return ["sri-not-implemented-but-all-scripts-loaded-from-secure-origin", 0];
  const secure = external.every((s) => new URL(s.src, origin).protocol === "https:");
  if (external.every((s) => s.integrity)) return secure ? ["sri-implemented-and-external-scripts-loaded-securely", 5] : ["sri-implemented-but-external-scripts-not-loaded-securely", -20];
  return secure ? ["sri-not-implemented-but-external-scripts-loaded-securely", -5] : ["sri-not-implemented-and-external-scripts-not-loaded-securely", -50];
}

function contentTypeOptionsTest(headers: Headers): [string, number] {
  const value = headers.get("x-content-type-options");
  if (!value) return ["x-content-type-options-not-implemented", -5];
  return value.trim().toLowerCase() === "nosniff" ? ["x-content-type-options-nosniff", 0] : ["x-content-type-options-header-invalid", -5];
}

function frameOptionsTest(headers: Headers): [string, number] {
  const csp = headers.get("content-security-policy");
  const ancestors = csp ? parseCsp(csp).get("frame-ancestors") : undefined;
  if (ancestors && !ancestors.includes("*")) return ["x-frame-options-implemented-via-csp", 5];
  const value = headers.get("x-frame-options")?.trim().toLowerCase();
  if (!value) return ["x-frame-options-not-implemented", -20];
  return value === "deny" || value === "sameorigin" ? ["x-frame-options-sameorigin-or-deny", 0] : ["x-frame-options-header-invalid", -20];
}

function corpTest(headers: Headers): [string, number] {
  const value = headers.get("cross-origin-resource-policy")?.trim().toLowerCase();
  if (!value) return ["corp-not-implemented", 0];
  if (value === "same-origin" || value === "same-site") return ["corp-implemented-with-same-origin", 0];
  return value === "cross-origin" ? ["corp-implemented-with-cross-origin", 0] : ["corp-header-invalid", -5];
}

export function gradeHeaders(input: GradeInput): Grade {
  const hsts = Boolean(input.headers.get("strict-transport-security"));
  const tests: Record<string, [string, number]> = {
    "content-security-policy": cspTest(input.headers),
    cookies: cookiesTest(input.setCookies, hsts),
    "cross-origin-resource-sharing": corsTest(input.headers),
    "referrer-policy": referrerTest(input.headers),
    "strict-transport-security": hstsTest(input.headers),
    "subresource-integrity": sriTest(input.html, input.origin),
    "x-content-type-options": contentTypeOptionsTest(input.headers),
    "x-frame-options": frameOptionsTest(input.headers),
    "cross-origin-resource-policy": corpTest(input.headers),
  };
  const penalties = Object.values(tests).reduce((sum, [, m]) => sum + Math.min(m, 0), 0);
  const bonuses = Object.values(tests).reduce((sum, [, m]) => sum + Math.max(m, 0), 0);
  const base = 100 + penalties;
  const score = Math.max(0, base >= 90 ? base + bonuses : base);
  const grade = GRADES.find(([min]) => score >= min)![1];
  return {
    score,
    grade,
    results: Object.fromEntries(Object.entries(tests).map(([name, [result, modifier]]) => [name, { result, modifier }])),
  };
}
