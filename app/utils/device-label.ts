/**
 * A short, readable name for the device a session was started on, from its User-Agent: "Chrome on
 * Windows", "Safari on iPhone", "Firefox on Linux"; "Unknown device" when neither the browser nor the
 * system can be told. Only substring tests (no regular expressions), so any header takes linear time.
 */

/** A substring of the header, and the name it gives the browser or system. */
type UserAgentToken = { token: string; name: string };

/** Browsers, most specific first: Edge and Opera say "Chrome" too, and Chrome says "Safari". */
const BROWSERS: readonly UserAgentToken[] = [
  { token: "Edg/", name: "Edge" },
  { token: "EdgiOS/", name: "Edge" },
  { token: "EdgA/", name: "Edge" },
  { token: "OPR/", name: "Opera" },
  { token: "SamsungBrowser/", name: "Samsung Internet" },
  { token: "Firefox/", name: "Firefox" },
  { token: "FxiOS/", name: "Firefox" },
  { token: "CriOS/", name: "Chrome" },
  { token: "Chrome/", name: "Chrome" },
  { token: "Safari/", name: "Safari" },
];

/** Systems, most specific first: iPhones and iPads say "like Mac OS X", Android says "Linux", ChromeOS "X11". */
const SYSTEMS: readonly UserAgentToken[] = [
  { token: "iPhone", name: "iPhone" },
  { token: "iPad", name: "iPad" },
  { token: "Android", name: "Android" },
  { token: "CrOS", name: "ChromeOS" },
  { token: "Windows", name: "Windows" },
  { token: "Macintosh", name: "macOS" },
  { token: "Mac OS X", name: "macOS" },
  { token: "Linux", name: "Linux" },
];

/** Longer headers are not read further (the stored ones are cut to 500 characters anyway). */
const MAX_LENGTH = 1000;

function find(userAgent: string, candidates: readonly UserAgentToken[]): string | null {
  return candidates.find((candidate) => userAgent.includes(candidate.token))?.name ?? null;
}

export function deviceLabel(userAgent: string | null | undefined): string {
  const header = (userAgent ?? "").slice(0, MAX_LENGTH);
  if (header.trim() === "") return "Unknown device";
  const browser = find(header, BROWSERS);
  const system = find(header, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : "Unknown device");
}
