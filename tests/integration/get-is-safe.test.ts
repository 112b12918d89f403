import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, rows } from "~db/client.server";
import { saveContactMessage } from "~/models/contact-messages.server";
import { listMenuItems } from "~/models/menu-items.server";
import { listProducts } from "~/models/products.server";
import { listStatistics } from "~/models/statistics.server";
import { invoke, operatorCookie } from "../helpers/api-client";
import { apiRouteModules, pageRouteModules } from "../helpers/route-modules";

/**
 * No GET changes anything: every route's loader, signed out and signed in, with the query strings the
 * pages use, leaves every table as it was. (Sessions and rate-limit counters are left out: they record
 * visits, not content.)
 */
const TABLES = [
  "company_settings",
  "seo_settings",
  "hero_content",
  "menu_items",
  "statistics",
  "products",
  "contact_messages",
  "users",
  "audit_log",
  "app_meta",
];

/**
 * The one write a GET makes: an operator opening a message marks it read, once (issue 38; decision 0026).
 * The column is left out here and the message's own test (tests/integration/third-pass.test.ts) checks it.
 */
const OPENED_ON_GET: Record<string, string> = { contact_messages: "read_at" };

async function snapshot(): Promise<string> {
  const tables: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const found = await rows<Record<string, unknown>>(getDb(), sql.raw(`select * from ${table} order by 1`));
    const left = OPENED_ON_GET[table];
    tables[table] = left ? found.map(({ [left]: _left, ...rest }) => rest) : found;
  }
  return JSON.stringify(tables);
}

const QUERIES = ["", "?view=public", "?tab=analytics", "?tab=company", "?confirm=delete", "?q=forecast", "?menuType=header", "?subject=General%20Inquiry"];

describe("GET requests", () => {
  it("change nothing in the database, on any route, signed out or signed in", async () => {
    const message = await saveContactMessage({
      name: "Grace",
      email: "grace@example.com",
      subject: "Unread message",
      message: "Everything but its read time stays as it was when it is opened.",
    });
    const ids: Record<string, string> = {
      "admin.menus": String((await listMenuItems())[0]!.id),
      "admin.products": String((await listProducts())[0]!.id),
      "admin.stats": String((await listStatistics())[0]!.id),
      "admin.messages": String(message.id),
      "api.admin.menu-items": String((await listMenuItems())[0]!.id),
      "api.admin.products": String((await listProducts())[0]!.id),
      "api.admin.statistics": String((await listStatistics())[0]!.id),
    };
    const cookie = await operatorCookie();
    const before = await snapshot();

    const routes = [...pageRouteModules, ...apiRouteModules];
    let calls = 0;
    const failures: string[] = [];
    for (const [name, load] of routes) {
      const module = await load();
      if (!module.loader) continue;
      const prefix = Object.keys(ids).find((key) => name.startsWith(`${key}.`));
      const params: Record<string, string> = {};
      if (name.includes("$id")) params.id = prefix ? ids[prefix]! : "1";
      if (name.endsWith(".$") || name === "$") params["*"] = "no-such-page";
      const path = `/${name.replace(/^_site\.?/, "").replace(/\$id/, params.id ?? "").replace(/\.\$$|^\$$/, "/no-such-page").replace(/\[\.\]/g, ".").replace(/\./g, "/")}`;
      for (const search of QUERIES) {
        for (const session of [undefined, cookie]) {
          // A loader that throws anything but a Response fails the test; and no GET is a server error
          // (but sign-in's, whose identity provider does not run in this process: 503).
          const { status } = await invoke(module, path, { params, search, cookie: session });
          if (status >= 500 && !["api.login", "api.auth.callback"].includes(name)) failures.push(`${status} ${name}${search}`);
          calls += 1;
        }
      }
    }

    expect(calls).toBeGreaterThan(500);
    expect(failures).toEqual([]);
    expect(await snapshot()).toBe(before);
  });
});
