import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isReadOnlyStatement, openDatabase, rows, type DatabaseHandle } from "~db/client.server";
import { isDatabaseUnavailable } from "~db/errors.server";
import { throwawayDatabase } from "./support";

/**
 * A read whose connection is lost under it (its backend terminated: a PostgreSQL restart, a failover, a
 * pooler restart) is sent again once on another connection; a write is not.
 */
let database: Awaited<ReturnType<typeof throwawayDatabase>>;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await throwawayDatabase();
  handle = openDatabase({ databaseUrl: database.url });
});

afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

/** Terminates every backend of the site's pool in this database, as an operator or a failover would. */
async function terminateSiteBackends(): Promise<number> {
  const [row] = await database.sql<{ n: number }[]>`
    select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
    where application_name = 'kestrel-site' and datname = current_database()`;
  return row!.n;
}

describe("a read on a lost connection", () => {
  it("is retried on a fresh connection: the read after the pool's backends were terminated answers", async () => {
    for (let round = 0; round < 10; round++) {
      // Every pooled connection opened and idle, then all of them terminated between two reads.
      await Promise.all(Array.from({ length: 4 }, () => rows(handle.db, sql`select pg_sleep(0.01)`)));
      expect(await terminateSiteBackends()).toBeGreaterThan(0);
      const [answer] = await rows<{ title: string }>(
        handle.db,
        sql`select name as title from products order by id limit 1`,
      );
      expect(answer?.title).toBeTruthy();
    }
  });

  it("a write on a lost connection is not sent again: it fails as the database's fault (503), and stores nothing twice", async () => {
    let failures = 0;
    for (let round = 0; round < 10; round++) {
      await Promise.all(Array.from({ length: 4 }, () => rows(handle.db, sql`select pg_sleep(0.01)`)));
      await terminateSiteBackends();
      try {
        await handle.db.execute(
          sql`insert into contact_messages (name, email, subject, message) values ('R', 'r@example.com', 'General Inquiry', ${`round ${round}`})`,
        );
      } catch (error) {
        failures += 1;
        expect(isDatabaseUnavailable(error)).toBe(true);
      }
    }
    const stored = await database.sql<{ message: string; n: number }[]>`
      select message, count(*)::int as n from contact_messages where name = 'R' group by message`;
    expect(stored.every((row) => row.n === 1)).toBe(true);
    expect(stored.length + failures).toBe(10);
  });

  it("tells reads from writes", () => {
    expect(isReadOnlyStatement('select "id" from "posts" where "slug" = $1')).toBe(true);
    expect(isReadOnlyStatement("with x as (select 1) select * from x")).toBe(true);
    expect(isReadOnlyStatement("with x as (delete from posts returning id) select * from x")).toBe(false);
    expect(isReadOnlyStatement('insert into "contact_messages" ("name") values ($1)')).toBe(false);
    expect(isReadOnlyStatement('update "posts" set "title" = $1')).toBe(false);
    expect(isReadOnlyStatement("select nextval('posts_id_seq')")).toBe(false);
    expect(isReadOnlyStatement('select * from "outbox" for update skip locked')).toBe(false);
  });
});
