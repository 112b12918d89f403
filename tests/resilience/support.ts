import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { createCookie } from "@remix-run/node";
import postgres from "postgres";
import { migrateDatabase, openDatabase } from "../../db/client.server";
import { seedDatabase } from "../../db/seed";

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

/** Signs an operator in directly in the database; returns the Cookie header for the session. */
export async function operatorCookie(sql: postgres.Sql): Promise<string> {
  const [user] = await sql<{ id: number }[]>`
    insert into users (email, first_name) values ('admin@kestrelinsight.example', 'Ada')
    on conflict (email) do update set first_name = excluded.first_name returning id`;
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
