import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~db/client.server";
import { contactMessageBatches, listContactMessages } from "~/models/contact-messages.server";
import * as messagesCsv from "~/routes/admin.messages[.]csv";
import { toCsv } from "~/utils/csv";
import { invoke, operatorCookie } from "../helpers/api-client";

/**
 * The CSV export streamed in keyset batches: the same bytes the export made when it read every message
 * into memory, whatever the rows hold and however many share a received time.
 */

const HEADER = ["Received (UTC)", "Name", "Email", "Subject", "Message", "Read (UTC)"] as const;

/** What the export answered before it streamed: every row in memory, then one string. */
async function csvInMemory(email?: string): Promise<string> {
  const messages = await listContactMessages(email);
  return `\uFEFF${toCsv(HEADER, messages.map((m) => [m.receivedAt, m.name, m.email, m.subject, m.message, m.readAt]))}`;
}

let operator: string;
const AWKWARD = [
  '=HYPERLINK("http://evil.example","click")',
  'He said "hello", then left',
  "Line one\r\nLine two\nLine three",
  "+44 20 7946 0000; -1; @sum",
  "Ünïcödé, emoji 🦅 and a tab\there",
  "\tstarts with a tab",
];

beforeAll(async () => {
  operator = await operatorCookie();
  // 2,600 messages: groups of 7 sharing one received time to the microsecond (the keyset's tie-break is the
  // id), awkward cells, some read, some from one person.
  await getDb().execute(sql`
    insert into contact_messages (name, email, subject, message, received_at, read_at)
    select
      'Visitor ' || n,
      case when n % 97 = 0 then 'Sam.Person@Example.org' else 'visitor' || n || '@example.com' end,
      (array['General Inquiry', 'Press Inquiry', 'Privacy Rights'])[1 + n % 3],
      (array[${AWKWARD[0]}, ${AWKWARD[1]}, ${AWKWARD[2]}, ${AWKWARD[3]}, ${AWKWARD[4]}, ${AWKWARD[5]}])[1 + n % 6] || ' #' || n,
      timestamptz '2026-06-01 12:00:00.123456+00' - ((n / 7) * interval '1 minute 0.000317 seconds'),
      case when n % 5 = 0 then timestamptz '2026-07-01 08:30:00.5+00' else null end
    from generate_series(1, 2600) as n
  `);
});

/** The bytes sent (read as bytes: a text decoder would drop the byte order mark). */
async function exported(path: string): Promise<Buffer> {
  const { status, result } = await invoke(messagesCsv, path, { cookie: operator });
  expect(status).toBe(200);
  return Buffer.from(await (result as Response).arrayBuffer());
}

describe("the CSV export, streamed", () => {
  it("is byte for byte the export made in memory, over several batches and ties in received time", async () => {
    const expected = await csvInMemory();
    expect(expected.split("\r\n").length).toBeGreaterThan(2600);
    const sent = await exported("/admin/messages.csv");
    expect(sent.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(sent.equals(Buffer.from(expected, "utf8"))).toBe(true);
  });

  it("is the same for one person's messages", async () => {
    const expected = await csvInMemory("sam.person@example.org");
    expect(expected).toContain("Sam.Person@Example.org");
    expect((await exported("/admin/messages.csv?email=SAM.PERSON%40example.org")).equals(Buffer.from(expected, "utf8"))).toBe(true);
  });

  it("reads each message once, in order, a batch at a time", async () => {
    const ids: number[] = [];
    let batches = 0;
    for await (const batch of contactMessageBatches(undefined, 250)) {
      batches += 1;
      expect(batch.length).toBeLessThanOrEqual(250);
      ids.push(...batch.map((message) => message.id));
    }
    const all = (await listContactMessages()).map((message) => message.id);
    expect(batches).toBe(Math.ceil(all.length / 250));
    expect(ids).toEqual(all);
  });
});
