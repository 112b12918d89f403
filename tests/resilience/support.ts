import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { createCookie } from "@remix-run/node";
import postgres from "postgres";
import { expect } from "vitest";
import type { RunningServer } from "../helpers/server-process";
import { migrateDatabase, openDatabase } from "~db/client.server";
import { seedDatabase } from "~db/seed";

export const POSTGRES_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const SESSION_SECRET = "resilience-secret-resilience-secret-0123";

/** A throwaway, migrated and seeded PostgreSQL database for one scenario. */
export async function throwawayDatabase() {
  const name = `kestrel_resilience_${crypto.randomBytes(5).toString("hex")}`;
  const admin = postgres(POSTGRES_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  await migrateDatabase({ databaseUrl: url.toString() });
  const handle = openDatabase({ databaseUrl: url.toString() });
  await seedDatabase(handle.db, "http://localhost:3000");
  await handle.close();
  const sql = postgres(url.toString(), { max: 2, onnotice: () => {} });
  return {
    url: url.toString(),
    sql,
    async drop() {
      await sql.end({ timeout: 5 }).catch(() => {});
      await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    },
  };
}

/** Signs an admin in directly in the database (its operator row too); returns the Cookie header for the session. */
export async function operatorCookie(sql: postgres.Sql): Promise<string> {
  const [user] = await sql<{ id: number }[]>`
    insert into users (email, first_name) values ('admin@kestrelinsight.example', 'Ada')
    on conflict (email) do update set first_name = excluded.first_name returning id`;
  await sql`
    insert into operators (email, name, role) values ('admin@kestrelinsight.example', 'Ada Lovelace', 'admin')
    on conflict (email) do update set role = 'admin', removed_at = null`;
  const token = crypto.randomBytes(32).toString("base64url");
  const hash = crypto.createHash("sha256").update(token).digest("hex");
  await sql`insert into sessions (id_hash, user_id, expires_at) values (${hash}, ${user!.id}, now() + interval '1 hour')`;
  const cookie = createCookie("kestrel_session", { secrets: [SESSION_SECRET] });
  return (await cookie.serialize(token)).split(";")[0]!;
}

function pgRunning(): boolean {
  try {
    execFileSync("pg_isready", ["-h", "127.0.0.1", "-p", "5432", "-q"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Stops or starts the local PostgreSQL cluster; does nothing when it is already in that state. */
export function pgCluster(action: "start" | "stop"): void {
  if (pgRunning() === (action === "start")) return;
  const version = fs.readdirSync("/etc/postgresql")[0]!;
  execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", action], { stdio: "ignore" });
  for (let i = 0; i < 50 && pgRunning() !== (action === "start"); i++) execFileSync("sleep", ["0.2"]);
}

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary folder, on a free port, trust auth), so
 * that it can be frozen or killed without touching the machine's shared one. Needs root (it runs the
 * cluster as the postgres user) and the PostgreSQL server binaries; null otherwise.
 */
export async function privateCluster(port: number): Promise<{
  url: string;
  /** Stops (SIGSTOP) or resumes (SIGCONT) every process of the cluster: a hung, not a refused, database. */
  signal(signal: "SIGSTOP" | "SIGCONT"): void;
  destroy(): Promise<void>;
} | null> {
  const versions = fs.existsSync("/usr/lib/postgresql") ? fs.readdirSync("/usr/lib/postgresql") : [];
  const bin = versions.length ? `/usr/lib/postgresql/${versions.sort().at(-1)}/bin` : "";
  if (process.getuid?.() !== 0 || !bin || !fs.existsSync(`${bin}/initdb`)) return null;
  const dir = fs.mkdtempSync("/tmp/kestrel-cluster-");
  fs.chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), Number(execFileSync("id", ["-g", "postgres"]).toString()));
  const asPostgres = (command: string, args: string[]) => execFileSync("runuser", ["-u", "postgres", "--", command, ...args], { stdio: "ignore" });
  asPostgres(`${bin}/initdb`, ["-D", `${dir}/data`, "-A", "trust", "-U", "postgres"]);
  asPostgres(`${bin}/pg_ctl`, ["-D", `${dir}/data`, "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "-w", "start"]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const pids = () => {
    const main = Number(fs.readFileSync(`${dir}/data/postmaster.pid`, "utf8").split("\n")[0]);
    const children = execFileSync("pgrep", ["-P", String(main)]).toString().trim().split("\n").filter(Boolean).map(Number);
    return [main, ...children];
  };
  return {
    url,
    signal(signal) {
      for (const pid of pids()) process.kill(pid, signal);
    },
    async destroy() {
      try {
        for (const pid of pids()) process.kill(pid, "SIGCONT");
        asPostgres(`${bin}/pg_ctl`, ["-D", `${dir}/data`, "-m", "immediate", "stop"]);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Migrates and seeds a database at `url` (a private cluster's). */
export async function prepareAt(url: string): Promise<void> {
  await migrateDatabase({ databaseUrl: url });
  const handle = openDatabase({ databaseUrl: url });
  await seedDatabase(handle.db, "http://localhost:3000");
  await handle.close();
}

/** Whether a process with this id is still running. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie has ended (it holds no memory, files or locks) and only waits for whoever adopted it to
  // collect its exit status, which this machine's first process does when it gets round to it.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return process.platform !== "linux";
  }
}

/** The server's embedded database process now (its one child; a new one after each restart). */
export function databaseProcess(server: RunningServer): number {
  const children = execFileSync("pgrep", ["-P", String(server.process.pid)])
    .toString()
    .trim()
    .split("\n")
    .map(Number);
  expect(children).toHaveLength(1);
  return children[0]!;
}
