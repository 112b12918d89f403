/**
 * npm run seed:large [-- --scale N] [-- --only part,part]
 *
 * Fills the database the server would use with a large site, on top of the normal seed, to check that
 * every public page, every admin screen and the CSV export stay fast with it:
 *   - roles:    200 roles (most live, some closed, some drafts);
 *   - media:    500 images, made with sharp and taken in through the upload path's own intake
 *               (processUpload, then createMedia: real variants, one audit row each);
 *   - posts:    1,000 published posts over the last four years, Markdown bodies, some with a cover image;
 *   - messages: 100,000 contact messages over the last 23 months, with their notifications;
 *   - audit:    200,000 audit entries over the last two years.
 * The same environment as the server: DATABASE_URL, else the embedded database in DATA_DIR/pglite. The
 * database is migrated and seeded first, exactly as the server does at start (db/prepare.server.ts).
 *
 * Flags:
 *   --scale N      multiplies every count (default 1; 0.01 for a quick run, 2 for twice as much).
 *   --only a,b     runs only these parts (roles, media, posts, messages, audit), in that order.
 *   --help         prints the usage line.
 *
 * At scale 1 it takes about two and a half minutes on a two-core machine, on PGlite as on PostgreSQL,
 * nearly all of it encoding the images (the rows take about 15 s). The notifications are sent or failed,
 * except a dozen of the newest messages' left queued: a local server writes those as .eml files at start.
 *
 * Running it again: each part keeps its progress in app_meta (key "seeded:large:<part>", the rows it has
 * written and the anchor time its dates count back from), committed with every batch. A part that has its
 * rows is skipped; one that was stopped half-way carries on where it stopped; a larger --scale adds the
 * missing rows. Nothing is ever deleted. "seeded:large" records the last complete run.
 *
 * Rows go in with plain SQL, a batch (up to 5,000 rows) per statement and a transaction per batch, on one
 * connection (the embedded database has one) and one query at a time.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { getDb, rows, setDatabase, type Db } from "~db/client.server";
import { prepareDatabase } from "~db/prepare.server";
import { appMeta, media, messageSettings } from "~db/schema";
import { createMedia } from "~/models/media.server";
import { recipientsFor } from "~/models/message-settings.server";
import { renderPost, renderRole } from "~/models/rendered-bodies.server";
import { slugFromTitle, MAX_SLUG_LENGTH } from "~/schemas/publication";
import { PRESET_SUBJECTS } from "~/schemas/contact-fields";
import type { NotificationRoute } from "~/schemas/notification-settings";
import { processUpload } from "~/server/media/image-intake.server";
import { displayFileName } from "~/server/media/upload.server";
import { loadConfig } from "~/server/config.server";
import { seedAudit, seedMessage, seedNotification, seedPost, seedRole } from "./seed-large-content";
import { seedImage } from "./seed-large-images";
import { randomFor } from "./seed-large-random";

const PARTS = ["roles", "media", "posts", "messages", "audit"] as const;
type Part = (typeof PARTS)[number];
const BASE_COUNTS: Record<Part, number> = {
  roles: 200,
  media: 500,
  posts: 1000,
  messages: 100_000,
  audit: 200_000,
};
const BATCH: Record<Part, number> = { roles: 200, media: 4, posts: 250, messages: 2500, audit: 5000 };
const SEED_ACTOR = { userId: null, email: "seed-large@kestrelinsight.example" };
const DAY = 24 * 60 * 60 * 1000;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

// ---------------------------------------------------------------------------------------------------------
// Flags

function usage(): never {
  console.log("usage: npm run seed:large [-- --scale N] [-- --only roles,media,posts,messages,audit]");
  process.exit(0);
}

function parseArgs(argv: string[]): { scale: number; parts: Part[] } {
  let scale = 1;
  let parts: Part[] = [...PARTS];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg, undefined];
    const value = () => inline ?? argv[++i] ?? "";
    if (name === "--help" || name === "-h") usage();
    else if (name === "--scale") {
      const text = value();
      scale = Number(text);
      if (!Number.isFinite(scale) || scale <= 0 || scale > 100)
        throw new Error(`--scale takes a number above 0 and up to 100 (got "${text}")`);
    } else if (name === "--only") {
      const wanted = value()
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean);
      const unknown = wanted.filter((part) => !(PARTS as readonly string[]).includes(part));
      if (unknown.length || !wanted.length)
        throw new Error(`--only takes some of ${PARTS.join(", ")} (got "${wanted.join(",")}")`);
      parts = PARTS.filter((part) => wanted.includes(part));
    } else throw new Error(`unknown argument "${arg}" (try --help)`);
  }
  return { scale, parts };
}

// ---------------------------------------------------------------------------------------------------------
// Progress markers and bulk inserts

interface Progress {
  rows: number;
  /** The time the part's dates count back from, kept so that a resumed part makes the same rows. */
  anchor: string;
}

async function readProgress(part: Part): Promise<Progress | null> {
  const [row] = await getDb()
    .select()
    .from(appMeta)
    .where(eq(appMeta.key, `seeded:large:${part}`));
  if (!row) return null;
  try {
    const value = JSON.parse(row.value) as Progress;
    return typeof value.rows === "number" && typeof value.anchor === "string" ? value : null;
  } catch {
    return null;
  }
}

async function writeProgress(tx: Tx | Db, part: Part, progress: Progress): Promise<void> {
  const value = JSON.stringify(progress);
  await tx
    .insert(appMeta)
    .values({ key: `seeded:large:${part}`, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: sql`now()` } });
}

/**
 * One multi-row INSERT from one JSON parameter (json_to_recordset): a single round trip and a single
 * parameter however many rows, the same on PGlite and PostgreSQL. `columns` maps each column to its type.
 */
async function insertRows(
  tx: Tx,
  table: string,
  columns: Record<string, string>,
  values: Record<string, unknown>[],
  options: { explicitIds?: boolean } = {},
): Promise<void> {
  if (!values.length) return;
  const names = Object.keys(columns);
  const list = names.map((name) => `"${name}"`).join(", ");
  const definitions = names.map((name) => `"${name}" ${columns[name]}`).join(", ");
  await tx.execute(
    sql`insert into ${sql.identifier(table)} (${sql.raw(list)}) ${sql.raw(options.explicitIds ? "overriding system value " : "")}select ${sql.raw(list)} from json_to_recordset(${JSON.stringify(values)}::json) as x(${sql.raw(definitions)})`,
  );
}

/** Free slugs from titles: the title's slug, or with -2, -3… when taken (by anything, seeded or not). */
function slugMaker(taken: Set<string>): (title: string) => string {
  return (title) => {
    const base = slugFromTitle(title) || "item";
    let slug = base;
    for (let n = 2; taken.has(slug); n++)
      slug = `${base.slice(0, MAX_SLUG_LENGTH - String(n).length - 1).replace(/-+$/, "")}-${n}`;
    taken.add(slug);
    return slug;
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const format = (n: number) => n.toLocaleString("en-GB");

/**
 * Runs a part batch by batch from where it stopped: `batch(tx, from, to, anchor)` writes rows [from, to)
 * inside the transaction that also moves the marker on.
 */
async function runPart(
  part: Part,
  target: number,
  batch: (tx: Tx, from: number, to: number, anchor: Date) => Promise<void>,
): Promise<{ added: number; ms: number }> {
  const started = Date.now();
  const progress = await readProgress(part);
  const anchor = progress ? new Date(progress.anchor) : new Date();
  let done = progress?.rows ?? 0;
  if (done >= target) {
    console.log(`${part}: ${format(done)} already seeded (target ${format(target)}): skipped`);
    return { added: 0, ms: 0 };
  }
  if (done > 0) console.log(`${part}: resuming at ${format(done)} of ${format(target)}`);
  const first = done;
  let lastLog = 0;
  while (done < target) {
    const to = Math.min(target, done + BATCH[part]);
    const from = done;
    await getDb().transaction(async (tx) => {
      await batch(tx, from, to, anchor);
      await writeProgress(tx, part, { rows: to, anchor: anchor.toISOString() });
    });
    done = to;
    if (Date.now() - lastLog > 2000 || done === target) {
      lastLog = Date.now();
      const elapsed = Date.now() - started;
      const rate = ((done - first) / Math.max(1, elapsed)) * 1000;
      console.log(
        `${part}: ${format(done)} / ${format(target)} (${seconds(elapsed)}, ${format(Math.round(rate))} rows/s)`,
      );
    }
  }
  return { added: done - first, ms: Date.now() - started };
}

// ---------------------------------------------------------------------------------------------------------
// The parts

async function seedRoles(target: number) {
  const existing = await rows<{ slug: string; max: number | null }>(
    getDb(),
    sql`select slug, max(display_order) over () as max from roles`,
  );
  const slug = slugMaker(new Set(existing.map((row) => row.slug)));
  const firstOrder = Number(existing[0]?.max ?? 0) + 1;
  return runPart("roles", target, async (tx, from, to, anchor) => {
    const values = [];
    for (let i = from; i < to; i++) {
      const role = seedRole(i, anchor);
      const city = role.location.split(/[ (]/)[0]!;
      const roleSlug = slug(`${role.title} ${city === "Remote" ? "remote" : city}`);
      // Rendered as a save through the roles model renders it: views read the stored HTML.
      const rendered = renderRole({ ...role, slug: roleSlug }, config.publicUrl.origin);
      values.push({
        slug: roleSlug,
        title: role.title,
        team: role.team,
        location: role.location,
        employment_type: role.employmentType,
        summary: role.summary,
        body: role.body,
        body_html: rendered.bodyHtml,
        card_html: rendered.cardHtml,
        body_text: rendered.bodyText,
        search_excerpt: rendered.searchExcerpt,
        rendered_with: rendered.renderedWith,
        status: role.status,
        publish_at: null,
        published_at: role.publishedAt,
        closes_at: role.closesAt,
        display_order: firstOrder + i,
        version: 1,
        created_at: role.createdAt,
        updated_at: role.publishedAt ?? role.createdAt,
      });
    }
    await insertRows(
      tx,
      "roles",
      {
        slug: "text",
        title: "text",
        team: "text",
        location: "text",
        employment_type: "text",
        summary: "text",
        body: "text",
        body_html: "text",
        card_html: "text",
        body_text: "text",
        search_excerpt: "text",
        rendered_with: "text",
        status: "text",
        publish_at: "timestamptz",
        published_at: "timestamptz",
        closes_at: "timestamptz",
        display_order: "integer",
        version: "integer",
        created_at: "timestamptz",
        updated_at: "timestamptz",
      },
      values,
    );
  });
}

/**
 * Images through the upload path's own functions, so the variants are what an upload would store. Not a
 * batch insert: createMedia writes each image in its own transaction, and the marker moves after every
 * few; an image already in the library (same bytes, same hash) is skipped, so a stop between the two
 * costs nothing on the next run.
 */
async function seedMedia(target: number): Promise<{ added: number; ms: number }> {
  const started = Date.now();
  const progress = await readProgress("media");
  const anchor = progress ? new Date(progress.anchor) : new Date();
  let done = progress?.rows ?? 0;
  if (done >= target) {
    console.log(`media: ${format(done)} already seeded (target ${format(target)}): skipped`);
    return { added: 0, ms: 0 };
  }
  const first = done;
  let added = 0;
  let lastLog = 0;
  while (done < target) {
    const to = Math.min(target, done + BATCH.media);
    const indexes = Array.from({ length: to - done }, (_, k) => done + k);
    // Made and looked up one by one (one query at a time), encoded side by side (the intake itself runs
    // two at a time), stored one by one.
    const made = [];
    for (const index of indexes) {
      const image = await seedImage(index);
      const hash = createHash("sha256").update(image.bytes).digest("hex").slice(0, 32);
      const [present] = await getDb().select({ id: media.id }).from(media).where(eq(media.hash, hash));
      made.push({ image, present: Boolean(present) });
    }
    const prepared = await Promise.all(
      made.map(async ({ image, present }) => {
        if (present) return { image, processed: null };
        const processed = await processUpload(image.bytes);
        if (!processed.ok)
          throw new Error(`image ${image.index + 1} was refused by the intake: ${processed.problem.message}`);
        return { image, processed: processed.image };
      }),
    );
    for (const { image, processed } of prepared) {
      if (!processed) continue;
      const { record, created } = await createMedia(
        processed,
        { alt: image.alt, fileName: displayFileName(image.fileName) },
        SEED_ACTOR,
      );
      if (!created) continue;
      added += 1;
      // Uploaded over the last two years, oldest first, rather than all this minute.
      const uploadedAt = new Date(
        anchor.getTime() - 2 * 365 * DAY + ((image.index + 0.5) / target) * 2 * 365 * DAY,
      );
      await getDb().execute(
        sql`update media set created_at = ${uploadedAt.toISOString()}::timestamptz, updated_at = ${uploadedAt.toISOString()}::timestamptz where id = ${record.id}`,
      );
    }
    done = to;
    await writeProgress(getDb(), "media", { rows: done, anchor: anchor.toISOString() });
    if (Date.now() - lastLog > 2000 || done === target) {
      lastLog = Date.now();
      const elapsed = Date.now() - started;
      console.log(
        `media: ${format(done)} / ${format(target)} (${seconds(elapsed)}, ${((done - first) / Math.max(0.001, elapsed / 1000)).toFixed(1)} images/s)`,
      );
    }
  }
  return { added, ms: Date.now() - started };
}

async function seedPosts(target: number) {
  const existing = await rows<{ slug: string; title: string }>(getDb(), sql`select slug, title from posts`);
  const slug = slugMaker(new Set(existing.map((row) => row.slug)));
  // Titles are drawn again rather than repeated (a repeat that cannot be avoided gets a numbered slug).
  const titles = new Set(existing.map((row) => row.title.toLowerCase()));
  // A few posts use the seeded images as covers.
  const covers = (
    await rows<{ id: number }>(
      getDb(),
      sql`select id from media where uploaded_by = ${SEED_ACTOR.email} order by id`,
    )
  ).map((row) => Number(row.id));
  return runPart("posts", target, async (tx, from, to, anchor) => {
    const values = [];
    for (let i = from; i < to; i++) {
      const post = seedPost(i, target, anchor, (title) => titles.has(title.toLowerCase()));
      titles.add(post.title.toLowerCase());
      const cover = randomFor("post-cover", i);
      const rendered = renderPost(post, config.publicUrl.origin);
      values.push({
        slug: slug(post.title),
        title: post.title,
        summary: post.summary,
        body: post.body,
        body_html: rendered.bodyHtml,
        body_text: rendered.bodyText,
        search_excerpt: rendered.searchExcerpt,
        rendered_with: rendered.renderedWith,
        category: post.category,
        status: "published",
        publish_at: null,
        published_at: post.publishedAt,
        author_name: post.authorName,
        cover_image_id: covers.length && cover.chance(0.06) ? cover.pick(covers) : null,
        version: 1,
        created_at: post.publishedAt,
        updated_at: post.updatedAt,
      });
    }
    await insertRows(
      tx,
      "posts",
      {
        slug: "text",
        title: "text",
        summary: "text",
        body: "text",
        body_html: "text",
        body_text: "text",
        search_excerpt: "text",
        rendered_with: "text",
        category: "text",
        status: "text",
        publish_at: "timestamptz",
        published_at: "timestamptz",
        author_name: "text",
        cover_image_id: "integer",
        version: "integer",
        created_at: "timestamptz",
        updated_at: "timestamptz",
      },
      values,
    );
  });
}

async function seedMessages(target: number) {
  const [settings] = await getDb().select().from(messageSettings);
  const routing = {
    defaultRecipients: settings?.defaultRecipients ?? [],
    // As the app reads them: only routes of preset subjects count.
    routes: (settings?.routes ?? []).filter((route): route is NotificationRoute =>
      (PRESET_SUBJECTS as readonly string[]).includes(route.subject),
    ),
    retentionMonths: settings?.retentionMonths ?? 24,
  };
  if (routing.retentionMonths < 24) {
    console.log(
      `messages: note: retention is ${routing.retentionMonths} months, so the server will purge the older messages`,
    );
  }
  return runPart("messages", target, async (tx, from, to, anchor) => {
    // The ids first, so that each notification can name its message in the same batch.
    const ids = (
      await rows<{ id: number }>(
        tx,
        sql`select nextval(pg_get_serial_sequence('contact_messages', 'id'))::int as id from generate_series(1, ${to - from})`,
      )
    )
      .map((row) => Number(row.id))
      .sort((a, b) => a - b);
    const messages = [];
    const notes = [];
    for (let i = from; i < to; i++) {
      const message = seedMessage(i, target, anchor);
      const id = ids[i - from]!;
      messages.push({
        id,
        name: message.name,
        email: message.email,
        subject: message.subject,
        message: message.message,
        received_at: message.receivedAt,
        read_at: message.readAt,
      });
      for (const recipient of recipientsFor(routing, message.subject)) {
        const note = seedNotification(i, recipient, message.receivedAt, anchor);
        notes.push({
          message_id: id,
          recipient: note.recipient,
          status: note.status,
          attempts: note.attempts,
          next_attempt_at: note.nextAttemptAt,
          first_attempt_at: note.firstAttemptAt,
          last_error: note.lastError,
          sent_at: note.sentAt,
          delivered_via: note.deliveredVia,
          created_at: note.createdAt,
        });
      }
    }
    await insertRows(
      tx,
      "contact_messages",
      {
        id: "integer",
        name: "text",
        email: "text",
        subject: "text",
        message: "text",
        received_at: "timestamptz",
        read_at: "timestamptz",
      },
      messages,
      { explicitIds: true },
    );
    await insertRows(
      tx,
      "notifications",
      {
        message_id: "integer",
        recipient: "text",
        status: "text",
        attempts: "integer",
        next_attempt_at: "timestamptz",
        first_attempt_at: "timestamptz",
        last_error: "text",
        sent_at: "timestamptz",
        delivered_via: "text",
        created_at: "timestamptz",
      },
      notes,
    );
  });
}

async function seedAuditLog(target: number) {
  return runPart("audit", target, async (tx, from, to, anchor) => {
    const values = [];
    for (let i = from; i < to; i++) {
      const entry = seedAudit(i, target, anchor);
      values.push({
        actor_email: entry.actorEmail,
        entity: entry.entity,
        entity_id: entry.entityId,
        action: entry.action,
        summary: entry.summary,
        changes: entry.changes,
        created_at: entry.createdAt,
      });
    }
    await insertRows(
      tx,
      "audit_log",
      {
        actor_email: "text",
        entity: "text",
        entity_id: "text",
        action: "text",
        summary: "text",
        changes: "jsonb",
        created_at: "timestamptz",
      },
      values,
    );
  });
}

// ---------------------------------------------------------------------------------------------------------
// Main

const { scale, parts } = (() => {
  try {
    return parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`seed:large: ${(error as Error).message}`);
    process.exit(2);
  }
})();
const targets = Object.fromEntries(
  PARTS.map((part) => [part, Math.max(1, Math.round(BASE_COUNTS[part] * scale))]),
) as Record<Part, number>;
const config = loadConfig();
const startedAt = Date.now();
console.log(
  `seed:large: scale ${scale} (${parts.map((part) => `${format(targets[part])} ${part}`).join(", ")}) into ` +
    `${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `the embedded database in ${path.join(config.dataDir, "pglite")}`}; ` +
    "parts already seeded are skipped and a part stopped half-way resumes (progress in app_meta, seeded:large:*)",
);

const database = await prepareDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: path.join(config.dataDir, "pglite"),
  siteUrl: config.publicUrl.origin,
  // Batches hold the one connection for a few seconds: the watchdog's probe (and, on PostgreSQL, the
  // statement timeout) must not take that for a hung database.
  deadlineMs: 10 * 60_000,
  log: (message) => console.log(`database: ${message}`),
  onFatal: (message) => {
    console.error(`seed:large: ${message}`);
    process.exit(1);
  },
});
setDatabase(database.handle);
console.log(`database: migrated and seeded (${database.handle.kind}) in ${seconds(Date.now() - startedAt)}`);

const timings: [string, number, number][] = [];
try {
  const run: Record<Part, (target: number) => Promise<{ added: number; ms: number }>> = {
    roles: seedRoles,
    media: seedMedia,
    posts: seedPosts,
    messages: seedMessages,
    audit: seedAuditLog,
  };
  for (const part of parts) {
    const { added, ms } = await run[part](targets[part]);
    timings.push([part, added, ms]);
  }
  // Fresh statistics for the planner after a bulk load (autovacuum would get there, later).
  const analyseStarted = Date.now();
  await getDb().execute(sql`analyze`);
  timings.push(["analyze", 0, Date.now() - analyseStarted]);
  const summary = JSON.stringify({ scale, at: new Date().toISOString(), parts });
  await getDb()
    .insert(appMeta)
    .values({ key: "seeded:large", value: summary })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: summary, updatedAt: sql`now()` } });

  const [counts] = await rows<Record<string, number>>(
    getDb(),
    sql`select
      (select count(*) from posts where status = 'published')::int as "published posts",
      (select count(*) from posts)::int as "posts",
      (select count(*) from roles)::int as "roles",
      (select count(*) from media)::int as "media",
      (select count(*) from media_variants)::int as "media variants",
      (select count(*) from contact_messages)::int as "contact messages",
      (select count(*) from notifications)::int as "notifications",
      (select count(*) from audit_log)::int as "audit rows"`,
  );
  console.log("\nTime per part:");
  for (const [part, added, ms] of timings)
    console.log(
      `  ${part.padEnd(10)} ${seconds(ms).padStart(9)}${added ? `  (${format(added)} added)` : ""}`,
    );
  console.log(
    `  ${"total".padEnd(10)} ${seconds(Date.now() - startedAt).padStart(9)}  (with migrating and seeding)`,
  );
  console.log("\nRows now:");
  for (const [name, n] of Object.entries(counts ?? {}))
    console.log(`  ${name.padEnd(18)} ${format(Number(n)).padStart(9)}`);
} finally {
  await database.close();
}
