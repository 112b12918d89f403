import { afterAll, describe, expect, it } from "vitest";
import { messageIndexOf, sendAtRate } from "../../scripts/bench-outbox";
import { startServer } from "../helpers/server-process";
import { eventually, startSmtpPeer } from "../helpers/smtp-peer";
import { SESSION_SECRET, throwawayDatabase } from "./support";

/**
 * The outbox under a steady stream of contact messages (100 a second for 6 seconds, open loop) through the
 * built server, on each store: every acknowledged message is mailed exactly once (no crash here, so at
 * least once must also be no more than once), to the recipient its subject routes to; mails go out while
 * messages are still arriving rather than only once they stop; and the queue drains. The rates themselves
 * are measured by scripts/bench-outbox.ts.
 */
const RATE = 100;
const SECONDS = 6;
const DRAIN_TIMEOUT_MS = 90_000;
const DEFAULT_RECIPIENT = "hello@kestrelinsight.example";

const figures: Record<string, string | number> = {};
afterAll(() => {
  console.log("\nResilience figures (outbox at a fixed arrival rate)");
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value}`);
});

async function scenario(label: string, env: Record<string, string>) {
  const peer = await startSmtpPeer();
  const server = await startServer({
    ...env,
    SMTP_URL: peer.url,
    MAIL_FROM: "Kestrel Insight <notifications@kestrelinsight.example>",
    CONTACT_RATE_LIMIT: "1000000",
    SESSION_SECRET,
  });
  const tag = label.toLowerCase().replace(/[^a-z]/g, "");
  try {
    const run = await sendAtRate(server.origin, RATE, SECONDS, tag);
    const mailedByLastAnswer = peer.received.length;
    const acknowledged = run.acknowledged.size;
    await eventually(
      () => peer.received.length >= acknowledged,
      "every acknowledged message is mailed",
      DRAIN_TIMEOUT_MS,
    );
    const drainedAt = Date.now();
    // No wait for late copies: a sent row is marked sent in the claim that sent it, and claims skip locked
    // rows, so a second copy could only come from a lease run out (minutes), which no short wait would see.

    const byMessage = new Map<number, string[][]>();
    const messageIds = new Set<string>();
    for (const mail of peer.received) {
      const i = messageIndexOf(mail.raw, tag);
      expect(i, "an e-mail about a message this test sent").toBeDefined();
      byMessage.set(i!, [...(byMessage.get(i!) ?? []), mail.envelopeTo]);
      messageIds.add(mail.parsed.messageId ?? "");
    }
    figures[`${label}: messages acknowledged (201) / sent`] = `${acknowledged} / ${RATE * SECONDS}`;
    figures[`${label}: seconds to acknowledge them`] = ((run.lastAnswer - run.started) / 1000).toFixed(1);
    figures[`${label}: mailed by the last acknowledgement`] = mailedByLastAnswer;
    figures[`${label}: seconds from the last acknowledgement to all mailed`] = (
      (drainedAt - run.lastAnswer) /
      1000
    ).toFixed(1);

    figures[`${label}: answers by status`] = [...run.statuses]
      .map(([status, n]) => `${status}: ${n}`)
      .join(", ");
    // 503 (with Retry-After) is the answer when a statement fails: the message is not stored, so not mailed.
    expect([...run.statuses.keys()].filter((status) => status !== 201 && status !== 503)).toEqual([]);
    expect(acknowledged).toBeGreaterThan(RATE * SECONDS * 0.9);
    // Exactly once each, to the routed recipient.
    expect(peer.received.length).toBe(acknowledged);
    expect(messageIds.size).toBe(acknowledged);
    expect([...byMessage.keys()].sort((a, b) => a - b)).toEqual(
      [...run.acknowledged.keys()].sort((a, b) => a - b),
    );
    expect(
      [...byMessage.values()].filter(
        (copies) => copies.length !== 1 || copies[0]!.join() !== DEFAULT_RECIPIENT,
      ),
    ).toEqual([]);
    // Delivery kept pace while messages were arriving (one notification by batch rather than by row, several
    // claims at once): a quarter of them were out before the last was acknowledged.
    expect(mailedByLastAnswer).toBeGreaterThanOrEqual(acknowledged / 4);
  } catch (error) {
    console.log(`\nServer output (last lines):\n${server.output().slice(-3000)}`);
    throw error;
  } finally {
    await server.stop();
    await peer.close();
  }
}

describe("the outbox at a steady arrival rate", () => {
  it("mails every acknowledged message exactly once, while they arrive, on the embedded database", async () => {
    await scenario("PGlite", {});
  });

  it("mails every acknowledged message exactly once, while they arrive, on PostgreSQL", async () => {
    const database = await throwawayDatabase();
    try {
      await scenario("PostgreSQL", { DATABASE_URL: database.url });
    } finally {
      await database.drop();
    }
  });
});
