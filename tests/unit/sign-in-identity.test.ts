import { describe, expect, it } from "vitest";
import { isAllowedAdmin } from "~/server/auth/auth.server";
import { admitClaims, SignInRefused } from "~/server/auth/oidc.server";

const allowlist = ["admin@kestrelinsight.example", "@ops.kestrelinsight.example"];

function refusal(claims: unknown): SignInRefused["reason"] | "admitted" {
  try {
    admitClaims(claims);
    return "admitted";
  } catch (error) {
    if (error instanceof SignInRefused) return error.reason;
    throw error;
  }
}

describe("who the site admits after the provider vouched for them", () => {
  it("reads the address, lower-cased, with the first name from given_name", () => {
    expect(admitClaims({ sub: "1", email: "Admin@KestrelInsight.example", email_verified: true, given_name: " Ada " })).toEqual({
      email: "admin@kestrelinsight.example",
      firstName: "Ada",
      name: "Ada",
    });
  });

  it("falls back to the first word of name, then to no first name", () => {
    expect(admitClaims({ email: "grace@ops.kestrelinsight.example", name: "Grace  Hopper" }).firstName).toBe("Grace");
    expect(admitClaims({ email: "grace@ops.kestrelinsight.example" }).firstName).toBeNull();
  });

  it("accepts a provider that does not say whether the address is verified (Entra ID), or says so as a string", () => {
    expect(refusal({ email: "admin@kestrelinsight.example" })).toBe("admitted");
    expect(refusal({ email: "admin@kestrelinsight.example", email_verified: "true" })).toBe("admitted");
  });

  it("refuses an unverified address, even an allowlisted one", () => {
    expect(refusal({ email: "admin@kestrelinsight.example", email_verified: false })).toBe("unverified");
    expect(refusal({ email: "admin@kestrelinsight.example", email_verified: "false" })).toBe("unverified");
  });

  it("bootstraps as admins only addresses on ADMIN_EMAILS, not look-alike domains", () => {
    expect(isAllowedAdmin("Admin@KestrelInsight.example", allowlist)).toBe(true);
    expect(isAllowedAdmin("grace@ops.kestrelinsight.example", allowlist)).toBe(true);
    expect(isAllowedAdmin("mallory@elsewhere.example", allowlist)).toBe(false);
    expect(isAllowedAdmin("mallory@evil-ops.kestrelinsight.example", allowlist)).toBe(false);
    expect(isAllowedAdmin("mallory@ops.kestrelinsight.example.evil", allowlist)).toBe(false);
    expect(isAllowedAdmin("admin@kestrelinsight.example@evil.example", allowlist)).toBe(false);
  });

  it("refuses when the provider shares no e-mail address", () => {
    expect(refusal({ sub: "1", given_name: "Ada" })).toBe("no_email");
    expect(refusal({ email: "" })).toBe("no_email");
    expect(refusal(null)).toBe("no_email");
  });
});
