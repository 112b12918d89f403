import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { OperatorRole } from "~/schemas/operator";
import { getConfig } from "~/server/config.server";
import { operatorCookie } from "../helpers/api-client";
import { settle, testContext } from "../helpers/route-result";

/**
 * Issue 36: every admin page, form action and admin API route, found by listing app/routes, is called by an
 * operator of each role, signed in, and answers 403 exactly when the role may not use it. The rules below
 * are this test's own statement of what each role may do; a route added without one fails the first test.
 * Collection routes (`$section`, `$collection`) are called for a content collection and for the operators.
 */

type Who = "any" | "writer" | "approver" | "admin";
const ROLES_OF: Record<Who, OperatorRole[]> = {
  any: ["admin", "editor", "approver"],
  writer: ["admin", "editor"],
  approver: ["admin", "approver"],
  admin: ["admin"],
};

/** [who may read (GET), who may write (any other method)] */
type Rule = readonly [Who, Who];
const CONTENT: Rule = ["any", "writer"];
const WRITE_SCREEN: Rule = ["writer", "writer"];
const ADMINS: Rule = ["admin", "admin"];
const EVERYONE: Rule = ["any", "any"];
/** Financial promotions (issue 42): everyone reads them; approvers and admins decide. */
const APPROVERS: Rule = ["any", "approver"];
/** A pending change's preview as the public page (decision 0027): only those who decide it. */
const DECIDERS: Rule = ["approver", "approver"];

/** Per route file: its rule, or per value of its collection parameter. */
const RULES: Record<string, Rule | Record<string, Rule>> = {
  admin: EVERYONE,
  "admin._index": CONTENT,
  "admin.approvals": APPROVERS,
  "admin.approvals_.$id": APPROVERS,
  "admin.approvals_.$id_.preview": DECIDERS,
  "admin.$section": { products: CONTENT, operators: ADMINS },
  "admin.$section.new": { products: WRITE_SCREEN, operators: ADMINS },
  "admin.$section.$id.edit": { products: WRITE_SCREEN, operators: ADMINS },
  "admin.$section.$id.delete": { products: WRITE_SCREEN, operators: ADMINS },
  "admin.$section_.($id).history": { products: CONTENT, operators: ADMINS },
  "admin.$section_.($id).history_.$version": { products: CONTENT, operators: ADMINS },
  "admin.$section_.($id).history_.$version_.restore": { products: WRITE_SCREEN, operators: ADMINS },
  "admin.careers": CONTENT,
  "admin.careers.$id.delete": WRITE_SCREEN,
  "admin.careers_.$id.edit": WRITE_SCREEN,
  "admin.careers_.new": WRITE_SCREEN,
  "admin.news": CONTENT,
  "admin.news.$id.delete": WRITE_SCREEN,
  "admin.news_.$id.edit": WRITE_SCREEN,
  "admin.news_.new": WRITE_SCREEN,
  "admin.hero": CONTENT,
  "admin.seo": CONTENT,
  "admin.legal": CONTENT,
  "admin.legal_.$key": CONTENT,
  "admin.legal_.$key_.preview": CONTENT,
  "admin.legal_.$key_.publish": WRITE_SCREEN,
  "admin.legal_.$key_.discard": WRITE_SCREEN,
  "admin.logout": EVERYONE,
  "admin.media": CONTENT,
  "admin.media_.$id": CONTENT,
  "admin.media.$id.delete": WRITE_SCREEN,
  "admin.messages": CONTENT,
  "admin.messages.$id": CONTENT,
  "admin.messages[.]csv": CONTENT,
  "admin.messages.export[.]json": CONTENT,
  "admin.messages.erase": WRITE_SCREEN,
  "admin.messages.retention": ["any", "admin"],
  "admin.notifications": ADMINS,
  "admin.regulatory": ADMINS,
  "admin.risk-warnings": ADMINS,
  "admin.cookies": ADMINS,
  "admin.consent": ADMINS,
  "admin.consent_.records[.]csv": ADMINS,
  "admin.promotions": ["any", "approver"],
  "admin.promotions[.]csv": ["any", "approver"],
  "admin.promotions[.]json": ["any", "approver"],
  "admin.promotions_.$id": ["any", "approver"],
  "admin.promotions.setting": ADMINS,
  "admin.redirects": CONTENT,
  "admin.redirects[.]csv": CONTENT,
  "admin.redirects.new": WRITE_SCREEN,
  "admin.redirects.import": WRITE_SCREEN,
  "admin.redirects.$id.edit": WRITE_SCREEN,
  "admin.redirects.$id.delete": WRITE_SCREEN,
  "admin.sessions": EVERYONE,
  "admin.trash": CONTENT,
  "admin.trash.$collection.$id.delete": WRITE_SCREEN,
  "api.admin.$collection": { products: CONTENT, operators: ADMINS, "notification-settings": ADMINS, "cookie-register": ADMINS },
  "api.admin.consent.records": ADMINS,
  "api.admin.consent.summary": ADMINS,
  "api.admin.markdown.preview": CONTENT,
  // The waitlist (issue 40): visitors' addresses, for editors and admins.
  "admin.waitlist": WRITE_SCREEN,
  "admin.waitlist[.]csv": WRITE_SCREEN,
  "api.admin.$collection.$id": { products: CONTENT, operators: ADMINS },
  "api.admin.$collection.revisions": { "hero-content": CONTENT },
  "api.admin.$collection.revisions.$version.restore": { "hero-content": WRITE_SCREEN },
  "api.admin.$collection.$id.revisions": { products: CONTENT, operators: ADMINS },
  "api.admin.$collection.$id.revisions.$version.restore": { products: WRITE_SCREEN, operators: ADMINS },
  "api.admin.approvals": APPROVERS,
  "api.admin.approvals.$id": APPROVERS,
  "api.admin.approvals.$id.approve": APPROVERS,
  "api.admin.approvals.$id.reject": APPROVERS,
  "api.admin.legal-documents.$key": CONTENT,
  "api.admin.legal-documents.$key.draft": CONTENT,
  "api.admin.legal-documents.$key.draft.publish": CONTENT,
  "api.admin.media": CONTENT,
  "api.admin.media.$id": CONTENT,
  "api.admin.promotions": ["any", "approver"],
  "api.admin.promotions.$collection.$id.withdraw": { products: ["any", "approver"] },
  "api.admin.settings.approval": ["any", "admin"],
  "api.admin.risk-warnings.$class": ["any", "admin"],
  "api.admin.sessions": EVERYONE,
  "api.admin.sessions.$id": EVERYONE,
  "api.admin.trash": CONTENT,
  "api.admin.waitlist": WRITE_SCREEN,
  "api.admin.waitlist.summary": WRITE_SCREEN,
  "api.admin.trash.$collection.$id": CONTENT,
  "api.admin.trash.$collection.$id.restore": WRITE_SCREEN,
};

const ROUTES_DIR = path.resolve("app/routes");
const MODULE = /\.(tsx|ts)$/;
const COLLECTION_PARAMS = new Set(["section", "collection"]);

function adminRouteNames(): string[] {
  return fs
    .readdirSync(ROUTES_DIR)
    .filter((file) => MODULE.test(file) && /^(admin|api\.admin)[.[]?/.test(file) && !file.includes(".test."))
    .map((file) => file.replace(MODULE, ""))
    .sort();
}

interface Case {
  name: string;
  file: string;
  url: string;
  params: Record<string, string>;
  rule: Rule;
  api: boolean;
}

/** Flat route names to a URL and params; a collection parameter takes `collection`, any other "1". */
function caseOf(name: string, collection: string | null, rule: Rule): Case {
  const params: Record<string, string> = {};
  const segments = name
    .split(/\.(?![^[]*\])/)
    .map((segment) => {
      if (segment === "_index") return "";
      const optional = /^\(\$(\w+)\)$/.exec(segment);
      const key = optional?.[1] ?? (segment.startsWith("$") ? segment.slice(1).replace(/_$/, "") : null);
      if (key) return (params[key] = COLLECTION_PARAMS.has(key) ? collection! : "1");
      return segment.replace(/^_+|_+$/g, "").replace(/\[(.)\]/g, "$1");
    })
    .filter(Boolean);
  const file = fs.readdirSync(ROUTES_DIR).find((f) => f.replace(MODULE, "") === name)!;
  return { name, file, url: `/${segments.join("/")}`, params, rule, api: name.startsWith("api.") };
}

const names = adminRouteNames();
const cases: Case[] = names.flatMap((name) => {
  const rule = RULES[name];
  if (!rule) return [];
  if (Array.isArray(rule)) return [caseOf(name, null, rule as Rule)];
  return Object.entries(rule).map(([collection, each]) => caseOf(name, collection, each));
});

const EMAILS: Record<OperatorRole, string> = {
  admin: "admin@kestrelinsight.example",
  editor: "edith.editor@kestrelinsight.example",
  approver: "arthur.approver@kestrelinsight.example",
};

function request(route: Case, method: string, cookie: string): Request {
  const origin = getConfig().publicUrl.origin;
  const headers = new Headers({ Origin: origin, Cookie: cookie });
  if (method === "GET") return new Request(new URL(route.url, origin), { headers });
  headers.set("Content-Type", route.api ? "application/json" : "application/x-www-form-urlencoded");
  return new Request(new URL(route.url, origin), { method, headers, body: route.api ? "{}" : "" });
}

describe("what each role may use in the admin", () => {
  it("has a rule for every admin route in app/routes (a new route needs one here)", () => {
    expect(names.filter((name) => !RULES[name])).toEqual([]);
    expect(Object.keys(RULES).filter((name) => !names.includes(name))).toEqual([]);
  });

  it.each(cases.map((c) => [`${c.url} (${c.name})`, c] as const))("%s", async (_label, route) => {
    const module = (await import(/* @vite-ignore */ path.join(ROUTES_DIR, route.file))) as {
      loader?: (args: unknown) => unknown;
      action?: (args: unknown) => unknown;
    };
    const writes = route.api ? ["POST", "PUT", "DELETE"] : ["POST"];
    const methods = [...(module.loader ? ["GET"] : []), ...(module.action ? writes : [])];
    expect(methods.length).toBeGreaterThan(0);
    const answers: string[] = [];
    const expected: string[] = [];
    for (const role of ["admin", "editor", "approver"] as const) {
      for (const method of methods) {
        // A session of its own for each call: a write may end the one it came with (signing out).
        const cookie = await operatorCookie(EMAILS[role], role);
        const fn = method === "GET" ? module.loader! : module.action!;
        const result = await settle(() =>
          fn({ request: request(route, method, cookie), params: route.params, context: testContext }),
        );
        if (result.status === 405) continue; // the route does not take this method at all
        const allowed = ROLES_OF[method === "GET" ? route.rule[0] : route.rule[1]].includes(role);
        answers.push(`${role} ${method} ${result.status === 403 ? "forbidden" : "allowed"}`);
        expected.push(`${role} ${method} ${allowed ? "allowed" : "forbidden"}`);
      }
    }
    expect(answers).toEqual(expected);
  });
});
