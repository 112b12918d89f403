import http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../helpers/server-process";
import { eventually, startSmtpPeer, type SmtpPeer } from "../helpers/smtp-peer";
import { SESSION_SECRET, throwawayDatabase } from "./support";

/**
 * The notification outbox under load, an SMTP outage and a deployment: 2,000 contact messages through the
 * built server, the SMTP peer down for part of the run and one SIGTERM (a new instance takes over on the
 * same database). Every message answered 2xx is stored with its notifications, and once SMTP is back every
 * notification reaches the peer exactly once, to the recipient its subject routes to. Prints the figures.
 */
const figures: Record<string, string | number> = {};

afterAll(() => {
  console.log("\nResilience figures (outbox)");
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value}`);
});

const TOTAL = 2000;
const IN_FLIGHT = 40;
/** The SMTP peer refuses connections from the request of this index... */
const OUTAGE_FROM = 400;
/** ...until this one, or for at most this long: a few seconds, so retries stay within the first backoff steps. */
const OUTAGE_TO = 1200;
const OUTAGE_MAX_MS = 6000;
/** The first instance gets SIGTERM here; a second one is started on the same database. */
const SIGTERM_AT = 1500;
/** How long the outbox may take to drain once SMTP is back and the last message is in. */
const DRAIN_TIMEOUT_MS = 100_000;

/** The seeded routing: a press inquiry to the press office, anything else to the default recipient. */
const ROUTED: Record<string, string> = {
  "General Inquiry": "hello@kestrelinsight.example",
  "Press Inquiry": "press@kestrelinsight.example",
};

function submission(i: number) {
  return {
    name: `Outbox visitor ${i}`,
    email: `outbox${i}@example.com`,
    subject: i % 5 === 0 ? "Press Inquiry" : "General Inquiry",
    message: `Outbox resilience message number ${i}, long enough to pass.`,
  };
}

interface Target {
  server: RunningServer;
  agent: http.Agent;
}

/** One POST /api/contact: its status, or "error" when the connection failed (refused, reset). */
function post(target: Target, i: number): Promise<number | "error"> {
  const body = JSON.stringify(submission(i));
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent: target.agent,
        host: "127.0.0.1",
        port: target.server.port,
        method: "POST",
        path: "/api/contact",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          origin: `http://localhost:${target.server.port}`,
        },
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", () => resolve("error"));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", () => resolve("error"));
    req.end(body);
  });
}

/**
 * Takes the SMTP peer down now (new connections refused; a pooled connection already open may finish what
 * it is sending) and brings it back on `end()`, or after `maxMs` at the latest, once no connection is left.
 */
function smtpOutage(peer: SmtpPeer, maxMs: number) {
  const before = peer.received.length;
  const outage = {
    from: Date.now(),
    to: 0,
    msUntilNoConnection: 0,
    acceptedOnOpenConnections: 0,
    acceptedWhileDown: 0,
  };
  const stopped = peer.stop().then(() => {
    outage.msUntilNoConnection = Date.now() - outage.from;
    outage.acceptedOnOpenConnections = peer.received.length - before;
  });
  let ending: Promise<void> | undefined;
  const end = () =>
    (ending ??= (async () => {
      clearTimeout(timer);
      await stopped;
      outage.acceptedWhileDown = peer.received.length - before - outage.acceptedOnOpenConnections;
      await peer.start();
      outage.to = Date.now();
    })());
  const timer = setTimeout(() => void end().catch(() => {}), maxMs);
  return Object.assign(outage, { end });
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

describe("the notification outbox", () => {
  it("stores every 2xx message and, once SMTP is back, delivers every notification exactly once: 2,000 messages, an SMTP outage and a SIGTERM", async () => {
    const database = await throwawayDatabase();
    const peer = await startSmtpPeer();
    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: peer.url,
      MAIL_FROM: "Kestrel Insight <notifications@kestrelinsight.example>",
      CONTACT_RATE_LIMIT: "1000000",
      SESSION_SECRET,
    };
    const targets: Target[] = [];
    let outage: ReturnType<typeof smtpOutage> | undefined;
    const launch = async () => {
      const target = {
        server: await startServer(env),
        agent: new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT }),
      };
      targets.push(target);
      return target;
    };
    try {
      const first = await launch();
      let target = first;
      let switching: Promise<Target> | undefined;

      const ok = new Set<number>();
      const statuses = new Map<number | "error", number>();
      let next = 0;
      let sigtermAt = 0;
      const afterSigterm = { answered: 0, refused: 0 };
      let restartedAt = 0;
      let firstExit: Promise<{ code: number | null; at: number }> | undefined;

      /** What happens at a given point of the run: the outage, its end, the deployment. */
      const milestone = async (i: number) => {
        if (i === OUTAGE_FROM) outage = smtpOutage(peer, OUTAGE_MAX_MS);
        if (i === OUTAGE_TO) await outage?.end();
        if (i === SIGTERM_AT) {
          sigtermAt = Date.now();
          firstExit = first.server.exited.then((code) => ({ code, at: Date.now() }));
          process.kill(-first.server.process.pid!, "SIGTERM");
          switching = launch().then((started) => {
            restartedAt = Date.now();
            target = started;
            return started;
          });
        }
      };

      const started = Date.now();
      const workers = Array.from({ length: IN_FLIGHT }, async () => {
        for (let i = next++; i < TOTAL; i = next++) {
          await milestone(i);
          const to = target;
          const outcome = await post(to, i);
          if (to === first && sigtermAt) {
            if (outcome === "error") afterSigterm.refused++;
            else afterSigterm.answered++;
          }
          statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);
          if (typeof outcome === "number" && outcome >= 200 && outcome < 300) ok.add(i);
          // The old instance is going: wait for the new one rather than burn through refusals.
          else if (switching && to === first) await switching;
        }
      });
      await Promise.all(workers);
      const lastAnswer = Date.now();
      await outage!.end();
      await switching;
      const exit = await firstExit!;
      const smtpBack = outage!.to;

      // Every notification sent, as the database records it.
      const counts = async () => {
        const [row] = await database.sql<{ total: number; sent: number }[]>`
          select count(*)::int as total, (count(*) filter (where status = 'sent'))::int as sent from notifications`;
        return row!;
      };
      let drained = 0;
      await eventually(
        async () => {
          const { total, sent } = await counts();
          return total > 0 && total === sent;
        },
        "every notification is sent",
        DRAIN_TIMEOUT_MS,
      ).finally(() => (drained = Date.now()));
      // A mail accepted twice would arrive by now: nothing is queued, and the old instance is gone. A mail that
      // never comes cannot be awaited, so the test gives it a second, many times a delivery's time here.
      await new Promise((resolve) => setTimeout(resolve, 1000));

      const messages = await database.sql<{ id: number; name: string; email: string; subject: string }[]>`
        select id, name, email, subject from contact_messages order by id`;
      const notifications = await database.sql<
        {
          id: number;
          messageId: number;
          recipient: string;
          status: string;
          attempts: number;
          deliveredVia: string | null;
          sentAt: Date | null;
        }[]
      >`select id, message_id as "messageId", recipient, status, attempts, delivered_via as "deliveredVia", sent_at as "sentAt"
        from notifications order by id`;

      const arrivals = new Map<string, string[][]>();
      for (const mail of peer.received) {
        const id = (mail.parsed.messageId ?? "").replace(/^<?/, "<").replace(/>?$/, ">");
        arrivals.set(id, [...(arrivals.get(id) ?? []), mail.envelopeTo]);
      }
      const duplicates = [...arrivals.values()].reduce((sum, copies) => sum + copies.length - 1, 0);
      const retried = notifications.filter((row) => row.attempts > 1).length;

      figures["messages attempted"] = TOTAL;
      figures["2xx answers"] = ok.size;
      figures["answers by status"] = [...statuses].map(([status, n]) => `${status}: ${n}`).join(", ");
      figures["messages stored"] = messages.length;
      figures["notifications queued"] = notifications.length;
      figures["notifications sent (database)"] = notifications.filter((row) => row.status === "sent").length;
      figures["mails delivered (at the SMTP peer)"] = peer.received.length;
      figures["distinct Message-IDs at the peer"] = arrivals.size;
      figures["duplicate deliveries"] = duplicates;
      figures["notifications retried (attempts > 1)"] = retried;
      figures["most attempts for one notification"] = Math.max(
        0,
        ...notifications.map((row) => row.attempts),
      );
      figures["seconds sending 2,000 messages"] = seconds(lastAnswer - started);
      figures["seconds SMTP was down"] = seconds(smtpBack - outage!.from);
      figures["ms from the SMTP stop to no connection left open"] = outage!.msUntilNoConnection;
      figures["mails accepted in that time (connections already open)"] = outage!.acceptedOnOpenConnections;
      figures["mails accepted while SMTP was down"] = outage!.acceptedWhileDown;
      figures["seconds from SMTP back to all delivered"] = seconds(drained - smtpBack);
      figures["seconds from the last answer to all delivered"] = seconds(drained - lastAnswer);
      figures["seconds from SIGTERM to the old instance's exit (code)"] =
        `${seconds(exit.at - sigtermAt)} (${exit.code})`;
      figures["seconds from SIGTERM to the new instance serving"] = seconds(restartedAt - sigtermAt);
      figures["answers from the old instance after SIGTERM / refused during the switch"] =
        `${afterSigterm.answered} / ${afterSigterm.refused}`;
      figures["notifications sent after the old instance exited (by the new one)"] = notifications.filter(
        (row) => row.sentAt && row.sentAt.getTime() > exit.at,
      ).length;

      // Only 2xx, 503 (the old instance going) or a refused connection during the switch.
      expect(
        [...statuses.keys()].filter(
          (status) => status !== "error" && status !== 503 && (status < 200 || status >= 300),
        ),
      ).toEqual([]);
      expect(ok.size).toBeGreaterThan(TOTAL * 0.9);
      expect(outage!.acceptedWhileDown).toBe(0);
      expect(exit.code).toBe(0);

      // Every 2xx message stored, and nothing else.
      expect(messages.length).toBe(ok.size);
      const sent = new Set(
        [...ok].map((i) => `${submission(i).name}|${submission(i).email}|${submission(i).subject}`),
      );
      expect(new Set(messages.map((row) => `${row.name}|${row.email}|${row.subject}`))).toEqual(sent);

      // One notification per routed recipient of each stored message, all sent over SMTP.
      const byMessage = new Map(messages.map((row) => [row.id, row]));
      const expected = messages.map((row) => `${row.id}|${ROUTED[row.subject]}`).sort();
      expect(notifications.map((row) => `${row.messageId}|${row.recipient}`).sort()).toEqual(expected);
      expect(notifications.filter((row) => row.status !== "sent" || row.deliveredVia !== "smtp")).toEqual([]);

      // At the peer: every notification's Message-ID exactly once, none missing, none extra, each to its recipient.
      expect(duplicates).toBe(0);
      expect(new Set(arrivals.keys())).toEqual(
        new Set(notifications.map((row) => `<notification-${row.id}@localhost>`)),
      );
      const misrouted = notifications.filter((row) => {
        const copies = arrivals.get(`<notification-${row.id}@localhost>`) ?? [];
        return !copies.every(
          (to) =>
            to.length === 1 &&
            to[0] === row.recipient &&
            row.recipient === ROUTED[byMessage.get(row.messageId)!.subject],
        );
      });
      expect(misrouted).toEqual([]);

      // The outage was real: some notifications failed while it lasted and were sent on a later attempt.
      expect(retried).toBeGreaterThan(0);
    } catch (error) {
      for (const [n, target] of targets.entries())
        console.log(`\nServer ${n + 1} output (last lines):\n${target.server.output().slice(-4000)}`);
      throw error;
    } finally {
      for (const target of targets) target.agent.destroy();
      await Promise.all(targets.map((target) => target.server.stop()));
      await outage?.end().catch(() => {});
      await peer.close();
      await database.drop();
    }
  });
});
