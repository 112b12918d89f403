import { normalisePath } from "./site-paths";

/** A rule as the chain check sees it. */
export interface RuleLink {
  id?: number;
  from: string;
  to: string;
  statusCode: number;
}

export type ChainProblem = { kind: "loop"; chain: string[] } | { kind: "chain"; chain: string[] };

/**
 * The path on this site a rule sends a visitor to (absolute URLs on the site's own origin count), or null
 * when it leads off the site or answers 410.
 */
export function nextPath(rule: RuleLink, siteOrigin: string): string | null {
  if (rule.statusCode === 410 || rule.to === "") return null;
  if (rule.to.startsWith("/")) return normalisePath(rule.to);
  try {
    const url = new URL(rule.to);
    return url.origin === siteOrigin ? normalisePath(url.pathname) : null;
  } catch {
    return null;
  }
}

/**
 * Whether adding `candidate` (or putting it in place of the rule with its id or its `from`) to `rules`
 * makes a loop, or a chain of more than `max` redirects followed one after another. The chain named is
 * the longest one through the candidate, as paths: ["/a", "/b", "/c"].
 */
export function chainProblem(
  rules: readonly RuleLink[],
  candidate: RuleLink,
  siteOrigin: string,
  max: number,
): ChainProblem | null {
  const byFrom = new Map<string, RuleLink>();
  for (const rule of rules) {
    if (candidate.id !== undefined && rule.id === candidate.id) continue;
    byFrom.set(rule.from, rule);
  }
  byFrom.set(candidate.from, candidate);

  // Forward from the candidate: the paths a visitor arriving at its `from` passes through.
  const forward = [candidate.from];
  const seen = new Set(forward);
  let rule: RuleLink | undefined = candidate;
  while (rule) {
    const next = nextPath(rule, siteOrigin);
    if (next === null) break;
    if (seen.has(next)) return { kind: "loop", chain: [...forward.slice(forward.indexOf(next)), next] };
    forward.push(next);
    seen.add(next);
    rule = byFrom.get(next);
  }

  // Backward: the longest run of rules that ends at the candidate's `from`.
  const into = new Map<string, string[]>();
  for (const [from, link] of byFrom) {
    const next = nextPath(link, siteOrigin);
    if (next !== null && from !== candidate.from) into.set(next, [...(into.get(next) ?? []), from]);
  }
  const longestInto = (path: string, visiting: Set<string>): string[] => {
    let best: string[] = [];
    for (const from of into.get(path) ?? []) {
      if (visiting.has(from) || seen.has(from)) continue;
      visiting.add(from);
      const before = longestInto(from, visiting);
      visiting.delete(from);
      if (before.length + 1 > best.length) best = [...before, from];
    }
    return best;
  };
  const backward = longestInto(candidate.from, new Set());
  const chain = [...backward, ...forward];
  // A chain of n paths is n - 1 redirects.
  return chain.length - 1 > max ? { kind: "chain", chain } : null;
}
