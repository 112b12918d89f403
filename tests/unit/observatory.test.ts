import { describe, expect, it } from "vitest";
import { gradeHeaders } from "../helpers/observatory";

const origin = "https://www.example.test";

describe("the Observatory grader used by the headers test", () => {
  it("gives D to a response with no security headers (CSP, HSTS, nosniff and framing all missing)", () => {
    const result = gradeHeaders({ headers: new Headers(), setCookies: [], origin, html: "<script src=\"/a.js\"></script>" });
    expect(result.score).toBe(100 - 25 - 20 - 5 - 20);
    expect(result.grade).toBe("D");
  });

  it("penalises unsafe-inline scripts and insecure session cookies", () => {
    const headers = new Headers({ "content-security-policy": "default-src 'self'; script-src 'self' 'unsafe-inline'" });
    const result = gradeHeaders({ headers, setCookies: ["sessionid=1; Path=/"], origin });
    expect(result.results["content-security-policy"]!.modifier).toBe(-20);
    expect(result.results.cookies!.modifier).toBe(-40);
  });

  it("gives A+ to a strict policy with private referrer, HSTS and frame-ancestors", () => {
    const headers = new Headers({
      "content-security-policy": "default-src 'self'; script-src 'nonce-abc' 'strict-dynamic'; object-src 'none'; frame-ancestors 'none'",
      "referrer-policy": "strict-origin-when-cross-origin",
      "strict-transport-security": "max-age=31536000; includeSubDomains",
      "x-content-type-options": "nosniff",
    });
    const result = gradeHeaders({ headers, setCookies: ["__Host-s=1; Path=/; Secure; HttpOnly; SameSite=Lax"], origin });
    expect(result.grade).toBe("A+");
    expect(result.score).toBe(120);
  });
});
