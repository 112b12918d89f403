import { describe, expect, it } from "vitest";
import { codingQuality, negotiateEncoding } from "~/server/http/accept-encoding.server";
import { isValidHostHeader } from "~/server/http/request-target.server";
import { rateLimitSubject } from "~/models/rate-limit.server";
import { isLoopbackAddress, loadConfig } from "~/server/config.server";

describe("Accept-Encoding, read by one function", () => {
  it.each([
    ["gzip", "gzip"],
    ["gzip, deflate, br", "br"],
    ["br;q=0, gzip", "gzip"],
    ["gzip ; q=0", null],
    ["GZIP; Q=0", null],
    ["gzip;q=0.000, br;q=0", null],
    ["*", "br"],
    ["*;q=0", null],
    ["*;q=0, gzip", "gzip"],
    ["gzip;q=0.5, br;q=0.4", "gzip"],
    ["gzip;q=nonsense", null],
    ["identity", null],
    ["", null],
  ])("%j chooses %j of br and gzip", (header, expected) => {
    expect(negotiateEncoding(header, ["br", "gzip"])).toBe(expected);
  });

  it("accepts nothing but identity when the header is absent", () => {
    expect(negotiateEncoding(undefined, ["gzip"])).toBeNull();
    expect(codingQuality(undefined, "gzip")).toBe(0);
    expect(codingQuality("gzip;q=0.7", "gzip")).toBe(0.7);
  });
});

describe("the Host header", () => {
  it.each(["localhost", "localhost:3000", "www.kestrelinsight.example", "127.0.0.1:8080", "[::1]", "[::1]:3000", "xn--bcher-kva.example"])(
    "accepts %j",
    (host) => expect(isValidHostHeader(host)).toBe(true),
  );
  it.each(["", "x/search?q=a&", "[::1", "::1", "a b", "évil.example", "x:99999", "x:1:2", "host#frag", "user@host", "[::1]x"])(
    "refuses %j",
    (host) => expect(isValidHostHeader(host)).toBe(false),
  );
});

describe("rate-limit subjects", () => {
  it("count IPv6 clients by their /64 and IPv4 (mapped or not) by address", () => {
    expect(rateLimitSubject("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(rateLimitSubject("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(rateLimitSubject("2001:0db8:0001:0002::9")).toBe("2001:db8:1:2::/64");
    expect(rateLimitSubject("2001:db8:1:3::1")).not.toBe(rateLimitSubject("2001:db8:1:2::1"));
    expect(rateLimitSubject("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(rateLimitSubject("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitSubject("203.0.113.9")).toBe("203.0.113.9");
  });
});

describe("where the server listens", () => {
  const base: NodeJS.ProcessEnv = { NODE_ENV: "production", DATA_DIR: "/tmp/kestrel-unit-config", SESSION_SECRET: "s".repeat(40) };

  it("is loopback while the password-less local provider is mounted, unless HOST says otherwise", () => {
    expect(loadConfig({ ...base }).host).toBe("127.0.0.1");
    expect(loadConfig({ ...base, HOST: "0.0.0.0" })).toMatchObject({ host: "0.0.0.0", hostExplicit: true });
  });

  it("is every interface on a deployed site or with a real provider", () => {
    expect(loadConfig({ ...base, PUBLIC_URL: "https://www.kestrelinsight.example" }).host).toBe("0.0.0.0");
    expect(
      loadConfig({ ...base, OIDC_ISSUER: "https://id.example", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" }).host,
    ).toBe("0.0.0.0");
  });

  it("has request, body and connection limits with defaults", () => {
    expect(loadConfig({ ...base }).limits).toEqual({
      requestTimeoutMs: 30_000,
      bodyIdleMs: 10_000,
      maxConnections: 1000,
      databaseTimeoutMs: 5_000,
      requestDeadlineMs: 10_000,
      searchTimeoutMs: 1_500,
    });
    expect(() => loadConfig({ ...base, REQUEST_TIMEOUT_SECONDS: "0" })).toThrow(/REQUEST_TIMEOUT_SECONDS/);
  });

  it("knows a loopback peer", () => {
    for (const peer of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) expect(isLoopbackAddress(peer)).toBe(true);
    for (const peer of ["192.0.2.1", "::ffff:192.0.2.1", "2001:db8::1", "", undefined]) expect(isLoopbackAddress(peer)).toBe(false);
  });
});
