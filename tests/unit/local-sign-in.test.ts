import { describe, expect, it } from "vitest";
import { LOCAL_SIGN_IN_MESSAGES, readLocalSignIn } from "~/schemas/local-sign-in";

describe("the local sign-in form", () => {
  it("signs in with an address and a first name, the address trimmed and lower-cased", () => {
    expect(readLocalSignIn({ email: "  Ada@Example.ORG ", firstName: " Ada ", secondFactor: "yes" })).toEqual(
      {
        values: { email: "ada@example.org", firstName: "Ada", secondFactor: true },
        errors: {},
      },
    );
    expect(readLocalSignIn({ email: "ada@example.org", firstName: "Ada" }).values.secondFactor).toBe(false);
  });

  it("says what is wrong with each field, and keeps what was typed", () => {
    expect(readLocalSignIn({ email: "not an address", firstName: "" })).toEqual({
      values: { email: "not an address", firstName: "", secondFactor: false },
      errors: { email: LOCAL_SIGN_IN_MESSAGES.email, firstName: LOCAL_SIGN_IN_MESSAGES.firstName },
    });
    const long = readLocalSignIn({ email: `${"a".repeat(250)}@example.org`, firstName: "A".repeat(101) });
    expect(long.errors).toEqual({
      email: LOCAL_SIGN_IN_MESSAGES.email,
      firstName: LOCAL_SIGN_IN_MESSAGES.firstNameLength,
    });
  });

  it("reads anything that is not a text (a repeated field, nothing at all) as empty", () => {
    expect(readLocalSignIn({ email: ["a@b.co", "c@d.co"], firstName: { name: "x" } })).toEqual({
      values: { email: "", firstName: "", secondFactor: false },
      errors: { email: LOCAL_SIGN_IN_MESSAGES.email, firstName: LOCAL_SIGN_IN_MESSAGES.firstName },
    });
    expect(readLocalSignIn(undefined).errors).toEqual({
      email: LOCAL_SIGN_IN_MESSAGES.email,
      firstName: LOCAL_SIGN_IN_MESSAGES.firstName,
    });
  });
});
