import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, rows } from "~db/client.server";
import { checkRateLimit } from "~/models/rate-limit.server";
import { runMaintenance } from "~/server/http/maintenance.server";

describe("the server's maintenance", () => {
  it("deletes rate-limit counters whose window ended, and keeps the live ones", async () => {
    await checkRateLimit("contact", "198.51.100.1");
    await checkRateLimit("signIn", "198.51.100.2");
    await rows(
      getDb(),
      sql`insert into rate_limits (key, window_start, hits) values
        ('contact:203.0.113.1', now() - interval '2 days', 3),
        ('adminWrite:203.0.113.2', now() - interval '3 hours', 40)`,
    );
    const before = await rows<{ key: string }>(getDb(), sql`select key from rate_limits order by key`);
    expect(before.map((r) => r.key)).toEqual(expect.arrayContaining(["contact:203.0.113.1", "adminWrite:203.0.113.2"]));

    const { rateLimits } = await runMaintenance();
    expect(rateLimits).toBeGreaterThanOrEqual(2);
    const after = (await rows<{ key: string }>(getDb(), sql`select key from rate_limits order by key`)).map((r) => r.key);
    expect(after).not.toContain("contact:203.0.113.1");
    expect(after).not.toContain("adminWrite:203.0.113.2");
    expect(after).toEqual(expect.arrayContaining(["contact:198.51.100.1", "signIn:198.51.100.2"]));
  });
});
