import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultRegulatoryStatus } from "~/content/defaults";
import { updateRegulatoryStatus } from "~/models/regulatory-status.server";
import { loader as homeLoader } from "~/routes/_site._index";
import { loader as aboutLoader } from "~/routes/_site.about";
import { loader as contactLoader } from "~/routes/_site.contact";
import { loader as investorsLoader } from "~/routes/_site.investors";
import { loader as newsroomLoader } from "~/routes/_site.newsroom";
import * as legalDocumentRoute from "~/routes/api.legal-documents.$key";
import { loadLegalPage } from "~/server/site/legal-pages.server";
import { call } from "../helpers/api-client";
import { withParams } from "../helpers/route-modules";
import { settle, testContext } from "../helpers/route-result";

/**
 * Issue 37: every page whose copy states the company's legal name, number, registered office or regulatory
 * status reads it from the regulatory status record, so one save changes the wording of each.
 */

const seed = { userId: null, email: "seed@kestrelinsight.example" };
const seeded = { ...defaultRegulatoryStatus, takesEffectAt: null };
const changed = {
  ...seeded,
  legalName: "Kestrel Insight Holdings Ltd",
  companyNumber: "SC123456",
  registeredIn: "scotland" as const,
  registeredOffice: "2 Example Street, Edinburgh, EH1 1AA, United Kingdom",
  fcaStatus: "appointed_representative" as const,
  principalName: "Example Capital Ltd",
  principalFrn: "123456",
};
const AR =
  "Kestrel Insight Holdings Ltd is an appointed representative of Example Capital Ltd, which is authorised and regulated by the Financial Conduct Authority (FRN 123456).";

const args = (path: string) => ({
  request: new Request(`http://localhost:3000${path}`),
  context: testContext,
  params: {},
});

/** What the page is sent, as text (its loader's data; the legal documents' rendered sections). */
async function pageText(load: () => unknown): Promise<string> {
  const { body } = await settle(load);
  return JSON.stringify(body).replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
}

type Fact = "legalName" | "companyNumber" | "registeredIn" | "registeredOffice" | "status";

const PAGES: [string, () => unknown, Fact[]][] = [
  ["/", () => homeLoader(args("/") as never), ["companyNumber", "registeredOffice"]],
  ["/about", () => aboutLoader(), ["legalName", "companyNumber", "registeredIn", "registeredOffice"]],
  ["/contact", () => contactLoader(args("/contact") as never), ["registeredOffice"]],
  [
    "/investors",
    () => investorsLoader(),
    ["legalName", "companyNumber", "registeredIn", "registeredOffice", "status"],
  ],
  [
    "/newsroom",
    () => newsroomLoader(args("/newsroom") as never),
    ["legalName", "companyNumber", "registeredIn", "registeredOffice", "status"],
  ],
  [
    "/privacy",
    () => loadLegalPage("privacy"),
    ["legalName", "companyNumber", "registeredIn", "registeredOffice"],
  ],
  ["/terms", () => loadLegalPage("terms"), ["status"]],
  ["/cookies", () => loadLegalPage("cookies"), ["legalName"]],
  [
    "GET /api/legal-documents/terms",
    async () =>
      (await call(withParams(legalDocumentRoute, { key: "terms" }), "/api/legal-documents/terms")).json(),
    ["status"],
  ],
];

const WORDS: Record<Fact, [before: string, after: string]> = {
  legalName: [seeded.legalName, changed.legalName],
  companyNumber: [seeded.companyNumber, changed.companyNumber],
  registeredIn: ["England and Wales", "Scotland"],
  registeredOffice: [seeded.registeredOffice, changed.registeredOffice],
  status: ["Kestrel Insight Ltd is not authorised or regulated by the Financial Conduct Authority.", AR],
};

let before = new Map<string, string>();
beforeAll(async () => {
  await updateRegulatoryStatus(seeded as never, seed);
  before = new Map(
    await Promise.all(PAGES.map(async ([page, load]) => [page, await pageText(load)] as const)),
  );
  await updateRegulatoryStatus(changed as never, seed);
});
afterAll(async () => {
  await updateRegulatoryStatus(seeded as never, seed);
});

describe("changing the regulatory status changes every page that states it", () => {
  it.each(PAGES)("%s", async (page, load, facts) => {
    const after = await pageText(load);
    const was = before.get(page)!;
    for (const fact of facts) {
      const [old, now] = WORDS[fact];
      expect(was, `${page} stated ${fact} before`).toContain(old);
      expect(after, `${page} states the new ${fact}`).toContain(now);
      // The words for the company's facts are gone (the part of the UK may be named for other reasons).
      if (fact !== "registeredIn") expect(after, `${page} still types the old ${fact}`).not.toContain(old);
    }
    expect(after).not.toContain("{{");
  });
});
