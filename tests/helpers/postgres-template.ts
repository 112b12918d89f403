import crypto from "node:crypto";
import postgres from "postgres";
import { migrateDatabase, openDatabase } from "~db/client.server";
import { seedDatabase } from "~db/seed";

/**
 * On PostgreSQL, every test file's database (and every server a test starts) is a copy of one migrated and
 * seeded template, made once per run: `create database … template …` copies files, where migrating and
 * seeding runs ~40 migrations' statements and the seed each time.
 */

/** Set by the run's global setup to the template's name; each worker reads it from its environment. */
export const TEMPLATE_VARIABLE = "KESTREL_TEST_TEMPLATE";

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The run's copies are named after its template, so that its teardown finds every one (a server's too). */
const copyPrefix = (template: string) => `kestrel_test_${template.slice("kestrel_template_".length)}_`;

/** Makes the run's template on the server of `serverUrl`; `drop` removes it and every copy made of it. */
export async function makeTemplate(serverUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `kestrel_template_${crypto.randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = databaseUrl(serverUrl, name);
  await migrateDatabase({ databaseUrl: url });
  const handle = openDatabase({ databaseUrl: url });
  await seedDatabase(handle.db, "http://localhost:3000");
  await handle.close();
  await admin.end();
  return {
    name,
    async drop() {
      const again = postgres(serverUrl, { max: 1, onnotice: () => {} });
      const copies = await again<{ datname: string }[]>`select datname from pg_database where starts_with(datname, ${copyPrefix(name)})`;
      for (const { datname } of copies) await again.unsafe(`drop database if exists ${datname} with (force)`);
      await again.unsafe(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

export interface CopiedDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database on the server of `serverUrl`: a copy of the run's template when there is one, else
 * migrated and seeded here.
 */
export async function freshDatabase(serverUrl: string): Promise<CopiedDatabase> {
  const template = process.env[TEMPLATE_VARIABLE];
  const name = `${template ? copyPrefix(template) : "kestrel_test_"}${crypto.randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  if (template) {
    // Two copies of one template at the same instant can collide on its lock: the second is tried again.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.unsafe(`create database ${name} template ${template}`);
        break;
      } catch (error) {
        if (attempt >= 5 || (error as { code?: string }).code !== "55006") throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  } else {
    await admin.unsafe(`create database ${name}`);
  }
  const url = databaseUrl(serverUrl, name);
  if (!template) {
    await migrateDatabase({ databaseUrl: url });
    const handle = openDatabase({ databaseUrl: url });
    await seedDatabase(handle.db, "http://localhost:3000");
    await handle.close();
  }
  return {
    url,
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
