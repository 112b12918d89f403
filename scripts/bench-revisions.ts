/**
 * The bench's "save with its revision" row: what keeping history adds to a save. One product is updated
 * through `updateProduct` (lock the row, update it as version + 1, keep its revision, audit, in one
 * transaction; then tell the content cache) and through the very same transaction without the revision
 * insert, one of each in turn on one database, so drift in the machine's load falls on both alike.
 * Each save is timed on its own; the row prints both medians and their ratio (the budget: 1.5×).
 *
 * Runs against the embedded database as the server runs it (PGlite in its own process), and against a
 * throwaway database on PostgreSQL when one is reachable.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { getDb, setDatabase } from "~db/client.server";
import { prepareDatabase } from "~db/prepare.server";
import { products } from "~db/schema";
import { changedFields, recordAudit } from "~/models/audit.server";
import { contentChanged } from "~/models/content-cache.server";
import { createProduct, updateProduct } from "~/models/products.server";
import { writeNextVersion } from "~/models/next-version.server";
import { loadConfig, setConfig } from "~/server/config.server";
import { createScratchDatabase } from "./bench-support";

const SAVES = Number(process.env.BENCH_REVISION_SAVES ?? 600);
const WARM_UP = 100;
const BUDGET = 1.5;

const actor = { userId: null, email: "bench@kestrelinsight.example" };

type ProductValues = { name: string; description: string; url: string; badge: "live" | null; displayOrder: number };
const values = (n: number): ProductValues => ({ name: `Bench product ${n}`, description: `Saved ${n} times.`, url: "/platforms", badge: n % 2 ? "live" : null, displayOrder: 9 });

/** updateProduct's transaction, statement for statement, without the revision. */
async function saveWithoutRevision(id: number, input: ProductValues): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for("update");
    const row = await writeNextVersion(tx, products, id, input);
    await recordAudit(tx, actor, {
      entity: "product",
      entityId: id,
      action: "update",
      summary: `Updated product "${row.name}"`,
      changes: { fields: changedFields(before as Record<string, unknown>, input), version: row.version },
    });
  });
  await contentChanged();
}

async function saveWithRevision(id: number, input: ProductValues): Promise<void> {
  const result = await updateProduct(id, input, actor);
  if (!result.ok) throw new Error(`the bench's save was refused: ${result.reason}`);
}

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

async function timed(save: (id: number, input: ProductValues) => Promise<void>, id: number, n: number): Promise<number> {
  const started = performance.now();
  await save(id, values(n));
  return performance.now() - started;
}

/** Both medians (ms) on the database `setDatabase` installed. */
async function measure(): Promise<{ without: number; withRevision: number }> {
  const created = await createProduct(values(0), actor);
  if (!created.ok) throw new Error("the bench's product was refused");
  const id = created.record.id;
  let n = 0;
  const without: number[] = [];
  const withRevision: number[] = [];
  for (let i = 0; i < WARM_UP + SAVES; i++) {
    // One of each, in turn, the order swapped each time: a change in the machine's load falls on both.
    const pair = i % 2 === 0 ? [saveWithoutRevision, saveWithRevision] : [saveWithRevision, saveWithoutRevision];
    for (const save of pair) {
      const ms = await timed(save, id, ++n);
      if (i >= WARM_UP) (save === saveWithRevision ? withRevision : without).push(ms);
    }
  }
  return { without: median(without), withRevision: median(withRevision) };
}

function row(store: string, result: { without: number; withRevision: number }): string {
  const ratio = result.withRevision / result.without;
  const verdict = ratio <= BUDGET ? "within" : "OVER";
  return `| ${store} | ${result.without.toFixed(2)} | ${result.withRevision.toFixed(2)} | ${ratio.toFixed(2)}× (${verdict} ${BUDGET}×) |`;
}

/** Measures on `database`, the one the app then uses, prints the table's row, and closes it. */
async function printRowOn(store: string, database: Awaited<ReturnType<typeof prepareDatabase>>): Promise<void> {
  setDatabase(database.handle);
  try {
    console.log(row(store, await measure()));
  } finally {
    setDatabase(undefined);
    await database.close();
  }
}

/** Prints the section: the embedded database, then PostgreSQL when a server answers. */
export async function benchSaveWithRevision(options: { buildDir?: string; postgresUrl: string }): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-bench-revisions-"));
  setConfig(loadConfig({ ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PUBLIC_URL: "http://localhost:3000" }));
  console.log(`\nSave with its revision: a product saved ${SAVES} times each way, the two in turn, after ${WARM_UP} warm-up saves each\n`);
  console.log("| store | save without its revision, median ms | save with its revision, median ms | ratio |");
  console.log("|---|---:|---:|---:|");
  try {
    await printRowOn("embedded (PGlite)", await prepareDatabase({ databaseUrl: undefined, dataDir: path.join(dataDir, "pglite"), siteUrl: "http://localhost:3000", buildDir: options.buildDir }));

    if (spawnSync("pg_isready", ["-d", options.postgresUrl, "-q"]).status !== 0) {
      console.log("| PostgreSQL | (no server reachable) | | |");
      return;
    }
    const database = await createScratchDatabase(options.postgresUrl, `kestrel_bench_revisions_${process.pid}`);
    try {
      await printRowOn("PostgreSQL", await prepareDatabase({ databaseUrl: database.url, dataDir, siteUrl: "http://localhost:3000" }));
    } finally {
      await database.drop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
