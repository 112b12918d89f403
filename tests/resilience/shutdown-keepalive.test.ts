import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../helpers/server-process";
import { eventually } from "../helpers/smtp-peer";
import { SESSION_SECRET, throwawayDatabase } from "./support";

/**
 * SIGTERM while keep-alive clients send requests back to back, over raw sockets. Every request either has
 * a complete answer or its connection was closed cleanly (FIN) before the request reached the server: a
 * reset (ECONNRESET: the server closed a socket holding the request's unread bytes) or an answer cut short
 * fails. On Linux a client that has already received the server's FIN sees EPIPE, not ECONNRESET, when its
 * late bytes are refused, so ECONNRESET means exactly "the server had the request and dropped it". On
 * PostgreSQL every stored message was answered 2xx, and every 2xx message was stored.
 */
const CLIENTS = 24;
const ROUNDS = 4;
/** The embedded database starts slowly (migrated and seeded in a fresh folder): fewer rounds. */
const EMBEDDED_ROUNDS = 2;
/** Answers in a round before the SIGTERM, so that every client is in its loop. */
const ANSWERS_BEFORE_SIGTERM = 150;

type Outcome =
  | { kind: "answered"; status: number; close: boolean; email?: string }
  | { kind: "closed before read" }
  | { kind: "reset" | "cut short"; detail: string };

const figures: Record<string, string | number> = {};
afterAll(() => {
  console.log("\nResilience figures (shutdown with keep-alive clients)");
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value}`);
});

/** The length of a complete response at the start of `data`, or 0 while it is incomplete. */
function responseLength(data: Buffer, head: boolean): number {
  const end = data.indexOf("\r\n\r\n");
  if (end === -1) return 0;
  const headers = data.subarray(0, end).toString("latin1").toLowerCase();
  let at = end + 4;
  if (head || / 304 | 204 /.test(headers.split("\r\n")[0]!)) return at;
  const length = /\r\ncontent-length: *(\d+)/.exec(headers);
  if (length) return data.length >= at + Number(length[1]) ? at + Number(length[1]) : 0;
  if (!/\r\ntransfer-encoding: *chunked/.test(headers)) return 0;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd === -1) return 0;
    const size = Number.parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (size === 0) return data.length >= lineEnd + 4 ? lineEnd + 4 : 0;
    at = lineEnd + 2 + size + 2;
    if (data.length < at) return 0;
  }
}

/** The n-th request of a client: a page (from the cache, the fastest answer) or a contact message. */
function request(port: number, tag: string, n: number): { bytes: Buffer; head: boolean; email?: string } {
  if (n % 3 === 0) {
    return { bytes: Buffer.from(`HEAD / HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`, "latin1"), head: true };
  }
  if (n % 3 === 1) {
    return {
      bytes: Buffer.from(`GET /healthz HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`, "latin1"),
      head: false,
    };
  }
  const email = `ka-${tag}-${n}@example.com`;
  const body = JSON.stringify({
    name: `Keep-alive ${tag}`,
    email,
    subject: "General Inquiry",
    message: `Keep-alive shutdown message ${tag} ${n}, long enough to pass.`,
  });
  const head = [
    "POST /api/contact HTTP/1.1",
    `Host: localhost:${port}`,
    `Origin: http://localhost:${port}`,
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
  ].join("\r\n");
  return { bytes: Buffer.from(`${head}\r\n\r\n${body}`), head: false, email };
}

/**
 * One keep-alive client: requests back to back on one socket, a new socket when the server says
 * Connection: close, until a connection is refused (the server no longer listens).
 */
async function client(port: number, tag: string, record: (outcome: Outcome) => void): Promise<void> {
  let n = 0;
  for (;;) {
    const socket = await new Promise<net.Socket | null>((resolve) => {
      const s = net.connect(port, "127.0.0.1");
      s.once("connect", () => resolve(s));
      s.once("error", () => resolve(null));
    });
    if (!socket) return;
    let buffered = Buffer.alloc(0);
    let settle: ((outcome: Outcome | "ended") => void) | undefined;
    let current: ReturnType<typeof request> | undefined;
    let ended = false;
    socket.on("data", (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const length = current ? responseLength(buffered, current.head) : 0;
      if (length === 0) return;
      const text = buffered.subarray(0, length).toString("latin1");
      buffered = buffered.subarray(length);
      settle?.({
        kind: "answered",
        status: Number(text.split(" ")[1]),
        close: /\r\nconnection: *close/i.test(text),
        ...(current?.email ? { email: current.email } : {}),
      });
    });
    socket.on("end", () => {
      ended = true;
      settle?.(
        buffered.length === 0
          ? { kind: "closed before read" }
          : { kind: "cut short", detail: buffered.toString("latin1").slice(0, 200) },
      );
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      ended = true;
      if (error.code === "ECONNRESET")
        settle?.({ kind: "reset", detail: `${error.code} after ${buffered.length} byte(s) of answer` });
      // EPIPE: the server's FIN was here before the request was written; nothing of it was read.
      else
        settle?.(
          buffered.length === 0
            ? { kind: "closed before read" }
            : { kind: "cut short", detail: String(error.code) },
        );
    });
    socket.on("close", () => settle?.("ended"));
    let keepGoing = true;
    while (keepGoing && !ended) {
      current = request(port, tag, n++);
      const outcome = await new Promise<Outcome | "ended">((resolve) => {
        settle = (value) => {
          settle = undefined;
          resolve(value);
        };
        socket.write(current!.bytes, () => {});
      });
      if (outcome === "ended") break;
      record(outcome);
      if (outcome.kind !== "answered" || outcome.close) keepGoing = false;
    }
    socket.destroy();
  }
}

async function round(env: Record<string, string>, tag: string) {
  const server: RunningServer = await startServer(env);
  const outcomes: Outcome[] = [];
  let sigtermAt = 0;
  const afterSigterm: Outcome[] = [];
  const record = (outcome: Outcome) => {
    outcomes.push(outcome);
    if (sigtermAt) afterSigterm.push(outcome);
  };
  try {
    const clients = Array.from({ length: CLIENTS }, (_, i) => client(server.port, `${tag}-${i}`, record));
    await eventually(() => outcomes.length >= ANSWERS_BEFORE_SIGTERM, "the clients are answered", 30_000);
    sigtermAt = Date.now();
    process.kill(-server.process.pid!, "SIGTERM");
    await Promise.all(clients);
    const code = await server.exited;
    return { outcomes, afterSigterm, code, output: server.output() };
  } finally {
    await server.stop();
  }
}

function summarise(label: string, results: Awaited<ReturnType<typeof round>>[]) {
  const all = results.flatMap((result) => result.afterSigterm);
  const count = (kind: Outcome["kind"]) => all.filter((outcome) => outcome.kind === kind).length;
  figures[`${label}: requests answered after SIGTERM`] = count("answered");
  figures[`${label}: connections closed before a request was read`] = count("closed before read");
  figures[`${label}: requests reset or cut short`] = count("reset") + count("cut short");
  return all.filter((outcome) => outcome.kind === "reset" || outcome.kind === "cut short");
}

describe("SIGTERM with keep-alive clients sending requests back to back", () => {
  it("resets no request on the embedded database", async () => {
    const results = [];
    for (let i = 0; i < EMBEDDED_ROUNDS; i++) {
      results.push(await round({ CONTACT_RATE_LIMIT: "1000000", SESSION_SECRET }, `pglite${i}`));
    }
    const failures = summarise("PGlite", results);
    expect(results.map((result) => result.code)).toEqual(results.map(() => 0));
    expect(failures).toEqual([]);
    // The clients were still sending when the signal came.
    expect(results.every((result) => result.afterSigterm.length > 0)).toBe(true);
  });

  it("resets no request on PostgreSQL, and every message stored was answered 2xx", async () => {
    const database = await throwawayDatabase();
    try {
      const results = [];
      for (let i = 0; i < ROUNDS; i++) {
        results.push(
          await round(
            { DATABASE_URL: database.url, CONTACT_RATE_LIMIT: "1000000", SESSION_SECRET },
            `pg${i}`,
          ),
        );
      }
      const failures = summarise("PostgreSQL", results);
      expect(results.map((result) => result.code)).toEqual(results.map(() => 0));
      expect(failures).toEqual([]);
      expect(results.every((result) => result.afterSigterm.length > 0)).toBe(true);

      const answered = results
        .flatMap((result) => result.outcomes)
        .flatMap((outcome) =>
          outcome.kind === "answered" && outcome.email && outcome.status >= 200 && outcome.status < 300
            ? [outcome.email]
            : [],
        );
      const stored = await database.sql<
        { email: string }[]
      >`select email from contact_messages where email like 'ka-%'`;
      expect(new Set(stored.map((row) => row.email))).toEqual(new Set(answered));
      expect(stored.length).toBe(answered.length);
    } finally {
      await database.drop();
    }
  });
});
