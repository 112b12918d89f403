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
  // Each address has one rule, so the rules into a path form a tree: one pass (breadth first, each rule
  // once) finds the deepest address that leads to the candidate.
  const into = new Map<string, string[]>();
  for (const [from, link] of byFrom) {
    const next = nextPath(link, siteOrigin);
    if (next === null || from === candidate.from) continue;
    const list = into.get(next);
    if (list) list.push(from);
    else into.set(next, [from]);
  }
  const towards = new Map<string, string>();
  let deepest = candidate.from;
  let level = [candidate.from];
  while (level.length > 0) {
    const below: string[] = [];
    for (const path of level) {
      for (const from of into.get(path) ?? []) {
        if (seen.has(from) || towards.has(from)) continue;
        towards.set(from, path);
        below.push(from);
      }
    }
    if (below.length > 0) deepest = below[0]!;
    level = below;
  }
  const backward: string[] = [];
  for (let path = deepest; path !== candidate.from; path = towards.get(path)!) backward.push(path);
  const chain = [...backward, ...forward];
  // A chain of n paths is n - 1 redirects.
  return chain.length - 1 > max ? { kind: "chain", chain } : null;
}

/** A rule of an import: its line in the file, and the id of the rule it replaces (the one with its `from`). */
export interface ImportedLink extends RuleLink {
  line: number;
}

/**
 * For a file of rules imported together: the first row (by line) that makes a loop or a chain of more than
 * `max` redirects with the rules as they are after the rows before it, and that problem as chainProblem
 * names it; null when the rules and rows together make none. Linear in the rules: one pass with colours
 * (each address visited once) finds every loop and each address's chain length; only when one is found
 * are the chains of `max + 1` redirects looked at (at most `max + 1` steps from each address) to find the
 * row that completes it first. Rules that were already too long before the import, with no row in them,
 * are not the file's problem.
 */
export function firstChainProblem(
  rules: readonly RuleLink[],
  rows: readonly ImportedLink[],
  siteOrigin: string,
  max: number,
): { line: number; problem: ChainProblem } | null {
  interface Node {
    next: string | null;
    /** The row that set this address's rule; 0 for a rule kept as it is. */
    line: number;
  }
  const nodes = new Map<string, Node>();
  for (const rule of rules) nodes.set(rule.from, { next: nextPath(rule, siteOrigin), line: 0 });
  for (const row of rows) nodes.set(row.from, { next: nextPath(row, siteOrigin), line: row.line });

  // The one pass: 0 unseen, 1 on the walk in progress, 2 done (its length known).
  const state = new Map<string, 1 | 2>();
  const length = new Map<string, number>();
  let tooLong = false;
  const loops: string[][] = [];
  for (const start of nodes.keys()) {
    if (state.has(start)) continue;
    const walk: string[] = [];
    let path: string | null = start;
    while (path !== null && nodes.has(path) && !state.has(path)) {
      state.set(path, 1);
      walk.push(path);
      path = nodes.get(path)!.next;
    }
    let after: number;
    if (path !== null && state.get(path) === 1) {
      const loop = walk.slice(walk.lastIndexOf(path));
      loops.push(loop);
      for (const member of loop) {
        length.set(member, Infinity);
        state.set(member, 2);
      }
      walk.length -= loop.length;
      after = Infinity;
    } else {
      after = path !== null && nodes.has(path) ? length.get(path)! : 0;
    }
    for (let i = walk.length - 1; i >= 0; i--) {
      after = nodes.get(walk[i]!)!.next === null ? 0 : after + 1;
      length.set(walk[i]!, after);
      if (after > max) tooLong = true;
    }
    for (const member of walk) state.set(member, 2);
  }
  if (!tooLong && loops.length === 0) return null;

  // The line a problem is completed at: the last row among its rules (a problem with no row is old).
  let first = Infinity;
  for (const loop of loops) {
    const line = Math.max(...loop.map((path) => nodes.get(path)!.line));
    if (line > 0) first = Math.min(first, line);
  }
  for (const [start, chain] of length) {
    if (chain <= max) continue;
    let line = 0;
    const visited = new Set<string>();
    let path: string | null = start;
    for (let step = 0; step <= max && path !== null && !visited.has(path); step++) {
      visited.add(path);
      const node: Node | undefined = nodes.get(path);
      if (!node || node.next === null) break;
      line = Math.max(line, node.line);
      path = node.next;
      if (step === max && line > 0) first = Math.min(first, line);
    }
  }
  if (first === Infinity) return null;

  // Named as a write of that row alone would name it, against the rules as they were before it.
  const before: RuleLink[] = [...rules];
  const index = new Map(rules.map((rule, i) => [rule.from, i]));
  let candidate: ImportedLink | undefined;
  for (const row of rows) {
    if (row.line === first) {
      candidate = row;
      break;
    }
    const at = index.get(row.from);
    if (at === undefined) {
      index.set(row.from, before.length);
      before.push(row);
    } else before[at] = row;
  }
  const problem = candidate ? chainProblem(before, candidate, siteOrigin, max) : null;
  return problem ? { line: first, problem } : null;
}
