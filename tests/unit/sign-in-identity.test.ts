import { describe, expect, it } from "vitest";
import { isAllowedAdmin } from "~/server/auth/auth.server";
import {
  admitClaims,
  mergeClaims,
  SignInRefused,
  type SecondFactorRequirement,
} from "~/server/auth/oidc.server";
import { ConfigError, loadConfig } from "~/server/config.server";

const NOT_REQUIRED: SecondFactorRequirement = { requireMfa: false, requiredAcr: null };
const REQUIRED: SecondFactorRequirement = { requireMfa: true, requiredAcr: null };

const allowlist = ["admin@kestrelinsight.example", "@ops.kestrelinsight.example"];

function refusal(
  claims: unknown,
  requirement: SecondFactorRequirement = NOT_REQUIRED,
): SignInRefused["reason"] | "admitted" {
  try {
    admitClaims(claims, requirement);
    return "admitted";
  } catch (error) {
    if (error instanceof SignInRefused) return error.reason;
    throw error;
  }
}

describe("who the site admits after the provider vouched for them", () => {
  it("reads the address, lower-cased, with the first name from given_name", () => {
    expect(
      admitClaims({ sub: "1", email: "Admin@KestrelInsight.example", email_verified: true, given_name: " Ada " }, NOT_REQUIRED),
    ).toEqual({
      email: "admin@kestrelinsight.example",
      firstName: "Ada",
      name: "Ada",
      authMethods: [],
      authContext: null,
    });
  });

  it("falls back to the first word of name, then to no first name", () => {
    expect(admitClaims({ email: "grace@ops.kestrelinsight.example", name: "Grace  Hopper" }, NOT_REQUIRED).firstName).toBe(
      "Grace",
    );
    expect(admitClaims({ email: "grace@ops.kestrelinsight.example" }, NOT_REQUIRED).firstName).toBeNull();
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

describe("the second factor a sign-in must show (REQUIRE_MFA)", () => {
  const admin = { sub: "1", email: "admin@kestrelinsight.example", email_verified: true };

  it("admits an ID token whose amr names a second factor, and keeps what it said", () => {
    expect(admitClaims({ ...admin, amr: ["pwd", "otp"] }, REQUIRED)).toMatchObject({
      authMethods: ["pwd", "otp"],
      authContext: null,
    });
    for (const method of ["mfa", "otp", "hwk", "swk", "sms", "pop"]) {
      expect(refusal({ ...admin, amr: [method] }, REQUIRED)).toBe("admitted");
    }
  });

  it("refuses a password alone, or no amr at all, when a second factor is required", () => {
    expect(refusal({ ...admin, amr: ["pwd"] }, REQUIRED)).toBe("no_second_factor");
    expect(refusal({ ...admin }, REQUIRED)).toBe("no_second_factor");
    expect(refusal({ ...admin, amr: ["pwd", "kba", "OTP"] }, REQUIRED)).toBe("no_second_factor");
    try {
      admitClaims({ ...admin, amr: ["pwd"] }, REQUIRED);
    } catch (error) {
      expect(error).toBeInstanceOf(SignInRefused);
      expect((error as SignInRefused).email).toBe("admin@kestrelinsight.example");
    }
  });

  it("admits a password alone when a second factor is not required", () => {
    expect(refusal({ ...admin, amr: ["pwd"] }, NOT_REQUIRED)).toBe("admitted");
    expect(refusal({ ...admin }, NOT_REQUIRED)).toBe("admitted");
  });

  it("admits an acr equal to OIDC_REQUIRED_ACR, and no other", () => {
    const acr = { requireMfa: true, requiredAcr: "http://schemas.openid.net/pape/policies/2007/06/multi-factor" };
    expect(admitClaims({ ...admin, amr: ["pwd"], acr: acr.requiredAcr }, acr)).toMatchObject({
      authMethods: ["pwd"],
      authContext: acr.requiredAcr,
    });
    expect(refusal({ ...admin, acr: "0" }, acr)).toBe("no_second_factor");
    expect(refusal({ ...admin, acr: acr.requiredAcr }, REQUIRED)).toBe("no_second_factor");
  });

  it("still refuses an unverified address or none before asking about the second factor", () => {
    expect(refusal({ email: "admin@kestrelinsight.example", email_verified: false, amr: ["otp"] }, REQUIRED)).toBe(
      "unverified",
    );
    expect(refusal({ amr: ["otp"] }, REQUIRED)).toBe("no_email");
  });

  it("treats a malformed amr or acr as absent, without losing the address", () => {
    expect(refusal({ ...admin, amr: "otp" }, REQUIRED)).toBe("no_second_factor");
    expect(refusal({ ...admin, amr: "otp" }, NOT_REQUIRED)).toBe("admitted");
    expect(admitClaims({ ...admin, acr: 2 }, NOT_REQUIRED).authContext).toBeNull();
  });

  it("reads amr and acr from the ID token only: userinfo's are ignored", () => {
    const merged = mergeClaims(
      { ...admin, amr: ["pwd"] },
      { sub: "1", email: "admin@kestrelinsight.example", amr: ["otp"], acr: "mfa" },
    );
    expect(merged.amr).toEqual(["pwd"]);
    expect(merged.acr).toBeUndefined();
    expect(refusal(merged, { requireMfa: true, requiredAcr: "mfa" })).toBe("no_second_factor");
    const fromIdToken = mergeClaims({ ...admin, amr: ["pwd", "hwk"] }, { sub: "1", given_name: "Ada" });
    expect(admitClaims(fromIdToken, REQUIRED)).toMatchObject({ firstName: "Ada", authMethods: ["pwd", "hwk"] });
  });
});

describe("REQUIRE_MFA and OIDC_REQUIRED_ACR in the configuration", () => {
  const local = {
    NODE_ENV: "test" as const,
    DATA_DIR: "/nonexistent/kestrel-test",
    SESSION_SECRET: "x".repeat(32),
    PUBLIC_URL: "http://localhost:3000",
  };
  const deployed = { ...local, PUBLIC_URL: "https://www.kestrelinsight.example" };

  it("is on by default on a deployed site and off on a local one", () => {
    expect(loadConfig(deployed).requireMfa).toBe(true);
    expect(loadConfig(local).requireMfa).toBe(false);
    expect(loadConfig(local).oidcRequiredAcr).toBeNull();
  });

  it("can be turned either way with true/false/1/0", () => {
    expect(loadConfig({ ...deployed, REQUIRE_MFA: "false" }).requireMfa).toBe(false);
    expect(loadConfig({ ...deployed, REQUIRE_MFA: "0" }).requireMfa).toBe(false);
    expect(loadConfig({ ...local, REQUIRE_MFA: "true" }).requireMfa).toBe(true);
    expect(loadConfig({ ...local, REQUIRE_MFA: "1" }).requireMfa).toBe(true);
    expect(loadConfig({ ...local, REQUIRE_MFA: "" }).requireMfa).toBe(false);
  });

  it("stops the start on any other value", () => {
    expect(() => loadConfig({ ...local, REQUIRE_MFA: "yes" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...local, REQUIRE_MFA: "yes" })).toThrow(/REQUIRE_MFA: must be true, false, 1 or 0/);
  });

  it("reads OIDC_REQUIRED_ACR as given", () => {
    expect(loadConfig({ ...deployed, OIDC_REQUIRED_ACR: " urn:example:mfa " }).oidcRequiredAcr).toBe("urn:example:mfa");
  });
});
