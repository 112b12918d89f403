/**
 * The notification outbox against its arrival rate: contact messages POSTed at a fixed rate for a few
 * seconds to the production build, configured with a local SMTP server, on the embedded store and on
 * PostgreSQL. Reports how many messages were accepted per second against how many notifications were
 * mailed per second while they arrived (and how many acknowledged messages were not yet mailed when the
 * last was acknowledged), and the time from a message's acknowledgement (its 201) to its e-mail reaching
 * the SMTP server: p50, p99 and the longest, and how long the queue took to drain after the last
 * acknowledgement. Then the cores each part used while the messages arrived: the server, its database, this
 * process (the load and the SMTP server) and the rest of the machine, which all share its cores.
 *
 *   node --import tsx scripts/bench-outbox.ts            (BUILD_DIR, DATABASE_URL, OUTBOX_RATES=100,250, OUTBOX_SECONDS=10;
 *                                                         OUTBOX_VERBOSE=1 prints the server output)
 */
import crypto from "node:crypto";
import http from "node:http";
import os from "node:os";
import { spawnSync } from "node:child_process";
import postgres from "postgres";
import { SMTPServer } from "smtp-server";
import { freePort, startServer } from "../tests/helpers/server-process";
import { coresUsed, cpuSnapshot, machineCoresUsed } from "./process-cpu";

export interface ArrivalRun {
  /** Sent, and the moment each one's 201 arrived, by its tag. */
  acknowledged: Map<number, number>;
  statuses: Map<number | "error", number>;
  started: number;
  lastAnswer: number;
}

/** The contact message of index `i`: its address carries the index, so its e-mail can be matched to it. */
export function benchMessage(tag: string, i: number) {
  return {
    name: `Outbox bench ${i}`,
    email: `outbox-${tag}-${i}@example.com`,
    subject: "General Inquiry",
    message: `Outbox bench message ${tag} number ${i}, long enough to pass the form's check.`,
  };
}

/** The index of the message an e-mail is about (from the visitor's address, which it carries as Reply-To). */
export function messageIndexOf(raw: string, tag: string): number | undefined {
  const match = new RegExp(`outbox-${tag}-(\\d+)@example\\.com`).exec(raw);
  return match ? Number(match[1]) : undefined;
}

/**
 * POSTs `rate` contact messages a second for `seconds` (open loop: on schedule, whether or not earlier ones
 * were answered) and records when each was acknowledged.
 */
export async function sendAtRate(
  origin: string,
  rate: number,
  seconds: number,
  tag: string,
): Promise<ArrivalRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const url = new URL(origin);
  const run: ArrivalRun = {
    acknowledged: new Map(),
    statuses: new Map(),
    started: Date.now(),
    lastAnswer: 0,
  };
  const total = Math.round(rate * seconds);
  const pending: Promise<void>[] = [];
  const post = (i: number) =>
    new Promise<void>((resolve) => {
      const body = JSON.stringify(benchMessage(tag, i));
      const done = (status: number | "error") => {
        run.statuses.set(status, (run.statuses.get(status) ?? 0) + 1);
        if (status === 201) run.acknowledged.set(i, Date.now());
        run.lastAnswer = Date.now();
        resolve();
      };
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: "POST",
          path: "/api/contact",
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            origin: `http://localhost:${url.port}`,
          },
          timeout: 60_000,
        },
        (res) => {
          res.resume();
          res.on("end", () => done(res.statusCode ?? 0));
          res.on("error", () => done("error"));
        },
      );
      req.on("timeout", () => req.destroy(new Error("timed out")));
      req.on("error", () => done("error"));
      req.end(body);
    });
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((Date.now() - run.started) / 1000) * rate) + 1);
      while (next < due) pending.push(post(next++));
      if (next >= total) resolve();
      else setTimeout(tick, 5);
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  return run;
}

/** An SMTP server that takes everything and notes when each e-mail (by its Message-ID) arrived. */
export async function smtpSink() {
  const port = await freePort();
  const arrivals: { messageId: string; raw: string; at: number }[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        arrivals.push({ messageId: /^Message-ID: *(\S+)/im.exec(raw)?.[1] ?? "", raw, at: Date.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface OutboxFigures {
  store: string;
  rate: number;
  acceptedPerSecond: number;
  mailedPerSecondWhileArriving: number;
  mailedPerSecondOverall: number;
  /** Acknowledged messages not yet mailed when the last one was acknowledged: what the outbox was behind. */
  behindAtLastAck: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  drainMs: number;
  missing: number;
  duplicates: number;
  /** Answers other than 201 Created (a refusal the visitor saw, or a failed request), by status. */
  notAccepted: string;
  /** Cores each part used while the messages arrived (from Linux's /proc; NaN elsewhere). */
  cores: { server: number; database: number; bench: number; rest: number };
}

async function measure(
  store: string,
  rate: number,
  seconds: number,
  env: Record<string, string>,
): Promise<OutboxFigures> {
  const sink = await smtpSink();
  const server = await startServer({
    ...env,
    SMTP_URL: sink.url,
    MAIL_FROM: "Kestrel Insight <notifications@kestrelinsight.example>",
    CONTACT_RATE_LIMIT: "1000000",
    SESSION_SECRET: "bench-outbox-secret-bench-outbox-secret-0123",
  });
  const tag = crypto.randomBytes(3).toString("hex");
  const serverPid = server.process.pid!;
  const databaseName = env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : undefined;
  try {
    const before = cpuSnapshot();
    const run = await sendAtRate(server.origin, rate, seconds, tag);
    const after = cpuSnapshot();
    const serverCores = coresUsed(before, after, (p) => p.pid === serverPid);
    // The embedded database is the server's child; PostgreSQL's backends name their database.
    const databaseCores = databaseName
      ? coresUsed(before, after, (p) => p.command.startsWith("postgres:") && p.command.includes(` ${databaseName} `))
      : coresUsed(before, after, (p) => p.parent === serverPid);
    const benchCores = coresUsed(before, after, (p) => p.pid === process.pid);
    const deadline = Date.now() + 180_000;
    const mailed = () => new Set(sink.arrivals.map((mail) => messageIndexOf(mail.raw, tag))).size;
    while (mailed() < run.acknowledged.size && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    // Time for a duplicate to turn up, were there to be one.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const firstMail = new Map<number, number>();
    for (const mail of sink.arrivals) {
      const i = messageIndexOf(mail.raw, tag);
      if (i !== undefined && !firstMail.has(i)) firstMail.set(i, mail.at);
    }
    const delays = [...run.acknowledged]
      .map(([i, ackAt]) => (firstMail.get(i) ?? Infinity) - ackAt)
      .sort((a, b) => a - b);
    const arrivalWindow = (run.lastAnswer - run.started) / 1000;
    const lastMail = Math.max(...sink.arrivals.map((mail) => mail.at));
    const messageIds = new Set(sink.arrivals.map((mail) => mail.messageId));
    return {
      store,
      rate,
      acceptedPerSecond: run.acknowledged.size / arrivalWindow,
      mailedPerSecondWhileArriving:
        sink.arrivals.filter((mail) => mail.at <= run.lastAnswer).length / arrivalWindow,
      mailedPerSecondOverall: sink.arrivals.length / ((lastMail - run.started) / 1000),
      behindAtLastAck: [...run.acknowledged.keys()].filter((i) => !((firstMail.get(i) ?? Infinity) <= run.lastAnswer)).length,
      p50Ms: percentile(delays, 50),
      p99Ms: percentile(delays, 99),
      maxMs: delays.at(-1) ?? NaN,
      drainMs: lastMail - run.lastAnswer,
      missing: [...run.acknowledged.keys()].filter((i) => !firstMail.has(i)).length,
      duplicates: sink.arrivals.length - messageIds.size,
      notAccepted:
        [...run.statuses]
          .filter(([status]) => status !== 201)
          .map(([status, count]) => `${count}× ${status}`)
          .join(", ") || "none",
      cores: {
        server: serverCores,
        database: databaseCores,
        bench: benchCores,
        rest: machineCoresUsed(before, after) - serverCores - databaseCores - benchCores,
      },
    };
  } finally {
    if (process.env.OUTBOX_VERBOSE) console.log(server.output());
    await server.stop();
    await sink.close();
  }
}

/** Runs every rate on the embedded store, then on PostgreSQL when one is reachable; prints a table. */
export async function benchOutbox(
  options: { postgresUrl?: string; rates?: number[]; seconds?: number } = {},
): Promise<OutboxFigures[]> {
  const rates = options.rates ?? [100, 250];
  const seconds = options.seconds ?? 10;
  const postgresUrl = options.postgresUrl ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const results: OutboxFigures[] = [];
  console.log(
    `\nNotification outbox: contact messages at a fixed rate for ${seconds} s, to a local SMTP server\n`,
  );
  console.log(
    "| store | arrival /s | accepted /s | mailed /s while arriving | mailed /s overall | behind at last ack | ack→mail p50 s | p99 s | max s | drain after last ack s | missing | duplicates | answers other than 201 |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
  const print = (f: OutboxFigures) => {
    results.push(f);
    const s = (ms: number) => (ms / 1000).toFixed(2);
    console.log(
      `| ${f.store} | ${f.rate} | ${f.acceptedPerSecond.toFixed(0)} | ${f.mailedPerSecondWhileArriving.toFixed(0)} | ${f.mailedPerSecondOverall.toFixed(0)} | ${f.behindAtLastAck} | ${s(f.p50Ms)} | ${s(f.p99Ms)} | ${s(f.maxMs)} | ${s(f.drainMs)} | ${f.missing} | ${f.duplicates} | ${f.notAccepted} |`,
    );
  };
  for (const rate of rates) print(await measure("embedded (PGlite)", rate, seconds, {}));
  if (spawnSync("pg_isready", ["-d", postgresUrl, "-q"]).status === 0) {
    for (const rate of rates) {
      const name = `kestrel_bench_outbox_${process.pid}_${rate}`;
      const admin = postgres(postgresUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      try {
        const url = new URL(postgresUrl);
        url.pathname = `/${name}`;
        print(await measure("PostgreSQL", rate, seconds, { DATABASE_URL: url.toString() }));
      } finally {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }
  } else {
    console.log("| PostgreSQL | (no server reachable) | | | | | | | | | | |");
  }
  printCores(results);
  return results;
}

/**
 * Where the machine's cores went while the messages arrived: the server, its database, this process (the
 * load and the SMTP server that receives the mail) and everything else running meanwhile.
 */
function printCores(results: OutboxFigures[]): void {
  console.log(`\nCores used while the messages arrived (of ${os.cpus().length})\n`);
  console.log("| store | arrival /s | server | database | bench (load + SMTP server) | rest of the machine |");
  console.log("|---|---:|---:|---:|---:|---:|");
  const c = (cores: number) => (Number.isFinite(cores) ? cores.toFixed(2) : "n/a");
  for (const f of results) {
    console.log(`| ${f.store} | ${f.rate} | ${c(f.cores.server)} | ${c(f.cores.database)} | ${c(f.cores.bench)} | ${c(f.cores.rest)} |`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rates = process.env.OUTBOX_RATES?.split(",").map(Number);
  await benchOutbox({
    ...(process.env.DATABASE_URL ? { postgresUrl: process.env.DATABASE_URL } : {}),
    ...(rates ? { rates } : {}),
    ...(process.env.OUTBOX_SECONDS ? { seconds: Number(process.env.OUTBOX_SECONDS) } : {}),
  });
}
