import { describe, expect, it } from "vitest";
import { defaultRegulatoryStatus } from "~/content/defaults";
import { REGULATORY_MESSAGES, regulatoryStatusSchema } from "~/schemas/regulatory";
import { disclosureOf, registerUrl, type RegulatoryRecord } from "~/utils/regulatory";

const base: RegulatoryRecord = { ...defaultRegulatoryStatus };
const at = new Date("2026-11-27T12:00:00Z");
const COMPANY =
  "Kestrel Insight Ltd. Registered in England and Wales. Company number 14829361. Registered office: Unit 4, Larkspur Yard, 118 Curtain Road, London, EC2A 3AY, United Kingdom.";

describe("the disclosure", () => {
  it("says a firm that is not authorised is not, naming the regulator in full", () => {
    const d = disclosureOf(base, at);
    expect(d.status).toBe("Kestrel Insight Ltd is not authorised or regulated by the Financial Conduct Authority.");
    expect(d.company).toBe(COMPANY);
    expect(d.vat).toBeNull();
    expect(d.frn).toBeNull();
    expect(d.registerUrl).toBeNull();
    expect(d.text).toBe(`${d.status} ${COMPANY}`);
  });

  it("names an appointed representative's principal and the principal's FRN, with the register's search", () => {
    const d = disclosureOf(
      { ...base, fcaStatus: "appointed_representative", principalName: "Example Capital Ltd", principalFrn: "123456" },
      at,
    );
    expect(d.status).toBe(
      "Kestrel Insight Ltd is an appointed representative of Example Capital Ltd, which is authorised and regulated by the Financial Conduct Authority (FRN 123456).",
    );
    expect(d.frn).toBe("123456");
    expect(d.registerUrl).toBe("https://register.fca.org.uk/s/search?q=123456&type=Companies");
  });

  it("gives an authorised firm's own FRN, and the VAT number when there is one", () => {
    const d = disclosureOf({ ...base, fcaStatus: "authorised", firmFrn: "9876543", vatNumber: "GB123456789", registeredIn: "scotland" }, at);
    expect(d.status).toBe("Kestrel Insight Ltd is authorised and regulated by the Financial Conduct Authority (FRN 9876543).");
    expect(d.company).toContain("Registered in Scotland.");
    expect(d.vat).toBe("VAT number GB123456789.");
    expect(d.registerUrl).toBe(registerUrl("9876543"));
  });

  it("discloses a scheduled status from its time, not before", () => {
    const scheduled: RegulatoryRecord = {
      ...base,
      scheduledStatus: "authorised",
      scheduledFirmFrn: "654321",
      takesEffectAt: "2026-12-01T09:00:00.000Z",
    };
    expect(disclosureOf(scheduled, new Date("2026-12-01T08:59:59Z")).frn).toBeNull();
    expect(disclosureOf(scheduled, new Date("2026-12-01T09:00:00Z")).status).toContain("(FRN 654321)");
  });
});

describe("the record's checks", () => {
  const form = {
    ...defaultRegulatoryStatus,
    takesEffectAt: "",
  };
  const errors = (changes: Record<string, unknown>) => {
    const result = regulatoryStatusSchema.safeParse({ ...form, ...changes });
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("accepts the seeded record", () => {
    expect(errors({})).toEqual({});
  });

  it('refuses "FCA" in place of the regulator\'s name in any free text', () => {
    expect(errors({ legalName: "Kestrel FCA Ltd" })).toEqual({ legalName: REGULATORY_MESSAGES.abbreviation });
    expect(
      errors({ fcaStatus: "appointed_representative", principalName: "Example (FCA-authorised) Ltd", principalFrn: "123456" }),
    ).toEqual({ principalName: REGULATORY_MESSAGES.abbreviation });
    expect(errors({ registeredOffice: "1 fca Street, London" })).toEqual({ registeredOffice: REGULATORY_MESSAGES.abbreviation });
  });

  it("refuses an FRN that is not 6 or 7 digits, and a status without what it needs", () => {
    expect(errors({ fcaStatus: "authorised", firmFrn: "12345" })).toEqual({ firmFrn: REGULATORY_MESSAGES.frn });
    expect(errors({ fcaStatus: "authorised", firmFrn: "12345678" })).toMatchObject({ firmFrn: expect.any(String) });
    expect(errors({ fcaStatus: "authorised" })).toEqual({ firmFrn: REGULATORY_MESSAGES.firmFrn });
    expect(errors({ fcaStatus: "appointed_representative" })).toEqual({
      principalName: REGULATORY_MESSAGES.principalName,
      principalFrn: REGULATORY_MESSAGES.principalFrn,
    });
    expect(errors({ scheduledStatus: "authorised", scheduledFirmFrn: "123456" })).toEqual({
      takesEffectAt: REGULATORY_MESSAGES.takesEffectAt,
    });
  });

  it("refuses a malformed company or VAT number, and tidies a VAT number's spaces", () => {
    expect(errors({ companyNumber: "1234" })).toEqual({ companyNumber: REGULATORY_MESSAGES.companyNumber });
    expect(errors({ vatNumber: "123" })).toEqual({ vatNumber: REGULATORY_MESSAGES.vatNumber });
    const parsed = regulatoryStatusSchema.parse({ ...form, vatNumber: "gb 123 4567 89" });
    expect(parsed.vatNumber).toBe("GB123456789");
  });
});
