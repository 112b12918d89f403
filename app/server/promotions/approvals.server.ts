import { PENDING_APPROVAL_MESSAGE } from "~/utils/approvals";
import type { CollectionDefinition } from "~/collections";
import type { Actor, WriteResult } from "~/models/actor";
import { defaultHero } from "~/content/defaults";
import { defaultRiskWarnings } from "~/content/risk";
import { getCompanySettings } from "~/models/company-settings.server";
import {
  approvalRequired,
  closePromotionVersion,
  getPromotionVersion,
  pendingVersionOf,
  recordPromotionDecision,
  recordsOf,
  reopenPromotionVersion,
  submitPromotionVersion,
  type PromotionCollection,
  type PromotionRecord,
  type PromotionVersion,
} from "~/models/promotions.server";
import type { CollectionStore, RecordStore, SettingsStore } from "~/server/collections/store.server";
import { getRevision } from "~/models/revisions.server";
import { isTrashCollection, trashedValues } from "~/models/trash.server";
import { canKeepPublicPages, pagesOfPromotion, renderPublicPages } from "./public-pages.server";

/**
 * Financial promotions wait for a second person (issue 42). A promotion's store is wrapped here: while the
 * setting is on, a create or an update keeps a pending version and leaves the live record (and so every
 * page, cache, feed and API answer) as it was; an approver's approval writes it through the store itself,
 * as the approver, and keeps the decision in the register with the pages visitors were then sent.
 */

export const APPROVAL_MESSAGES = {
  pending: PENDING_APPROVAL_MESSAGE,
  ownChange: "You cannot approve or reject a change you made: another approver must.",
  rationaleRequired: "A rationale is required: why it is fair, clear and not misleading",
  reasonRequired: "A reason is required",
  decided: "This change has been decided already, or replaced by a newer one.",
  moved: "The live version changed after this was saved: the author needs to save it again.",
  restoreWaits:
    "While financial promotions need approval, save the values you want as a new change for approval instead of restoring.",
  approved: "Approved: the change is live.",
  noPages: "The public pages cannot be kept for the register just now, so nothing was changed. Please try again.",
  rejected: "Rejected: the author can see why.",
} as const;

/** A write's answer when it is waiting: the live record unchanged, and the pending version. */
export type PendingResult<T> = { ok: true; record: T; pending: PromotionVersion };

const INNER = new Map<PromotionCollection, CollectionStore>();

function labelOf(store: CollectionStore, values: Record<string, unknown>): string {
  if (store.kind === "settings") return store.collection.noun;
  return `${store.collection.noun}: ${store.label(values as never)}`;
}

/**
 * Which writes of a record store wait: all of them (the hero, products, statistics), or, for news posts and
 * roles, those that publish a record its editor marked as a financial promotion (`values` the write's, `live`
 * the record as it is). A draft is not communicated to anyone, and unpublishing takes a promotion away.
 */
export type WaitsFor = (values: Record<string, unknown>, live: Record<string, unknown> | null) => boolean;

/** Publishing a post or role that is marked as a financial promotion, or was (`byDefault`: a new one's mark when unsaid). */
export function publishesMarkedPromotion(byDefault: (values: Record<string, unknown>) => boolean): WaitsFor {
  return (values, live) => {
    if (values.status !== "published") return false;
    if (values.financialPromotion === true || live?.financialPromotion === true) return true;
    return values.financialPromotion === undefined && live === null && byDefault(values);
  };
}

/** The store of a promotion, answering "waiting for approval" while the setting is on. */
export function awaitingApproval<TStore extends CollectionStore>(
  name: PromotionCollection,
  store: TStore,
  waitsFor: WaitsFor = () => true,
): TStore {
  INNER.set(name, store);
  const submit = (recordId: number | null, baseVersion: number | null, values: Record<string, unknown>, actor: Actor) =>
    submitPromotionVersion({ collection: name, recordId, baseVersion, values, label: labelOf(store, values) }, actor);
  const restoreWaits = { ok: false, reason: "conflict", message: APPROVAL_MESSAGES.restoreWaits } as const;

  if (store.kind === "settings") {
    const settings: SettingsStore = store;
    const wrapped: SettingsStore = {
      ...settings,
      async update(input, actor, expectedVersion) {
        if (!(await approvalRequired())) return settings.update(input, actor, expectedVersion);
        const live = await settings.read();
        if (expectedVersion !== undefined && expectedVersion !== live.version) {
          return settings.update(input, actor, expectedVersion); // the model's own stale answer
        }
        const pending = await submit(null, live.version, input as Record<string, unknown>, actor);
        return { ok: true, record: live, pending } satisfies PendingResult<unknown>;
      },
      async restoreVersion(version, actor, expectedVersion) {
        if (await approvalRequired()) return restoreWaits;
        return settings.restoreVersion(version, actor, expectedVersion);
      },
    };
    return wrapped as TStore;
  }
  const records: RecordStore = store;
  const wrapped: RecordStore = {
    ...records,
    async create(input, actor) {
      if (!waitsFor(input as Record<string, unknown>, null) || !(await approvalRequired())) {
        return records.create(input, actor);
      }
      const pending = await submit(null, null, input as Record<string, unknown>, actor);
      return { ok: true, record: { id: 0, version: 0, ...(input as object) }, pending } satisfies PendingResult<unknown>;
    },
    async update(id, input, actor, expectedVersion) {
      if (!(await approvalRequired())) return records.update(id, input, actor, expectedVersion);
      const live = await records.get(id);
      if (!live) return { ok: false, reason: "not_found" };
      if (!waitsFor(input as Record<string, unknown>, live as Record<string, unknown>)) {
        return records.update(id, input, actor, expectedVersion);
      }
      if (expectedVersion !== undefined && expectedVersion !== live.version) {
        return records.update(id, input, actor, expectedVersion);
      }
      const pending = await submit(id, live.version, input as Record<string, unknown>, actor);
      return { ok: true, record: live, pending } satisfies PendingResult<unknown>;
    },
    async restoreVersion(id, version, actor, expectedVersion) {
      if (await approvalRequired()) {
        const live = (await records.get(id)) as Record<string, unknown> | null;
        const kept = (await getRevision(store.collection.entity, id, version))?.values ?? null;
        if (waitsFor(kept ?? live ?? {}, live)) return restoreWaits;
      }
      return records.restoreVersion(id, version, actor, expectedVersion);
    },
    restoreFromTrash: records.restoreFromTrash
      ? async (id, actor) => {
          if (await approvalRequired()) {
            const trashed = isTrashCollection(name) ? await trashedValues(name, id) : null;
            if (waitsFor(trashed ?? {}, trashed)) return restoreWaits;
          }
          return records.restoreFromTrash!(id, actor);
        }
      : null,
  };
  return wrapped as TStore;
}

export function isPending(result: WriteResult<unknown>): result is PendingResult<unknown> {
  return result.ok && "pending" in result;
}

function innerStore(collection: PromotionCollection): CollectionStore {
  const store = INNER.get(collection);
  if (!store) throw new Error(`No store awaits approval for ${collection}`);
  return store;
}

export function collectionOfPromotion(collection: PromotionCollection): CollectionDefinition {
  return innerStore(collection).collection;
}

/** The live record a pending version would change (null: a new record, or one deleted since). */
export async function liveValuesOf(version: PromotionVersion): Promise<Record<string, unknown> | null> {
  const store = innerStore(version.collection);
  if (store.kind === "settings") return (await store.read()) as unknown as Record<string, unknown>;
  if (version.recordId === null) return null;
  return ((await store.get(version.recordId)) as Record<string, unknown> | null) ?? null;
}

export interface FieldChange {
  field: string;
  label: string;
  live: string;
  proposed: string;
}

const shown = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** What the pending version changes, field by field, in the editor's order (the declaration's kept fields). */
export async function diffOf(version: PromotionVersion): Promise<FieldChange[]> {
  const live = await liveValuesOf(version);
  const labels = collectionOfPromotion(version.collection).history?.fields ?? {};
  return Object.entries(labels).flatMap(([field, label]) => {
    if (!(field in version.values)) return [];
    const before = shown(live?.[field]);
    const after = shown(version.values[field]);
    return before === after ? [] : [{ field, label, live: before, proposed: after }];
  });
}

type Decision = WriteResult<PromotionRecord>;

function ownChange(version: PromotionVersion, actor: Actor): boolean {
  return version.authorEmail.toLowerCase() === actor.email.toLowerCase();
}

/** A review date a year from today, as approvals default to. */
export function defaultReviewBy(today = new Date()): string {
  const next = new Date(Date.UTC(today.getUTCFullYear() + 1, today.getUTCMonth(), today.getUTCDate()));
  return next.toISOString().slice(0, 10);
}

/**
 * Approves a pending version: written live through the collection's own store (as the approver), then
 * the register keeps the values, the public pages visitors are now sent and their SHA-256. Refused for
 * its author, for a version decided meanwhile, and when the live record moved on since it was saved.
 */
export async function approvePromotion(
  id: number,
  actor: Actor,
  { rationale, reviewBy }: { rationale: string; reviewBy?: string | null },
): Promise<Decision> {
  const version = await getPromotionVersion(id);
  if (!version) return { ok: false, reason: "not_found" };
  if (version.status !== "pending") return { ok: false, reason: "conflict", message: APPROVAL_MESSAGES.decided };
  if (ownChange(version, actor)) return { ok: false, reason: "invalid", field: "rationale", message: APPROVAL_MESSAGES.ownChange };
  if (!rationale.trim()) return { ok: false, reason: "invalid", field: "rationale", message: APPROVAL_MESSAGES.rationaleRequired };
  // Checked before anything changes: an approval whose pages cannot be kept would go live unrecorded.
  if (!canKeepPublicPages()) return { ok: false, reason: "conflict", message: APPROVAL_MESSAGES.noPages };
  // Claimed first, so that two approvers at once cannot both write it.
  if (!(await closePromotionVersion(id, "approved", actor.email))) {
    return { ok: false, reason: "conflict", message: APPROVAL_MESSAGES.decided };
  }
  const store = innerStore(version.collection);
  const base = version.baseVersion ?? undefined;
  const written =
    store.kind === "settings"
      ? await store.update(version.values, actor, base)
      : version.recordId === null
        ? await store.create(version.values, actor)
        : await store.update(version.recordId, version.values, actor, base);
  if (!written.ok) {
    await reopenPromotionVersion(id);
    return { ok: false, reason: "conflict", message: APPROVAL_MESSAGES.moved };
  }
  const recordId = store.kind === "settings" ? null : (written.record as unknown as { id: number }).id;
  const pages = await renderPublicPages(pagesOfPromotion(version.collection, version.values));
  const record = await recordPromotionDecision({
    decision: "approved",
    collection: version.collection,
    recordId,
    versionId: version.id,
    label: version.label,
    owner: (await getCompanySettings()).companyName,
    products: version.collection === "products" ? [String(version.values.name)] : [],
    values: version.values,
    pages,
    authors: [version.authorEmail],
    decidedBy: actor.email,
    rationale: rationale.trim(),
    reviewBy: reviewBy || defaultReviewBy(),
  });
  return { ok: true, record };
}

/** Rejects a pending version with a reason the author sees; nothing changes on the site. */
export async function rejectPromotion(id: number, actor: Actor, { reason }: { reason: string }): Promise<Decision> {
  const version = await getPromotionVersion(id);
  if (!version) return { ok: false, reason: "not_found" };
  if (version.status !== "pending") return { ok: false, reason: "conflict", message: APPROVAL_MESSAGES.decided };
  if (ownChange(version, actor)) return { ok: false, reason: "invalid", field: "reason", message: APPROVAL_MESSAGES.ownChange };
  if (!reason.trim()) return { ok: false, reason: "invalid", field: "reason", message: APPROVAL_MESSAGES.reasonRequired };
  if (!(await closePromotionVersion(id, "rejected", actor.email, reason.trim()))) {
    return { ok: false, reason: "conflict", message: APPROVAL_MESSAGES.decided };
  }
  const record = await recordPromotionDecision({
    decision: "rejected",
    collection: version.collection,
    recordId: version.recordId,
    versionId: version.id,
    label: version.label,
    owner: (await getCompanySettings()).companyName,
    products: version.collection === "products" ? [String(version.values.name)] : [],
    values: version.values,
    pages: [],
    authors: [version.authorEmail],
    decidedBy: actor.email,
    rationale: reason.trim(),
    reviewBy: null,
  });
  return { ok: true, record };
}

/** What an editor is shown of a record's change waiting for approval (null: none waits). */
export async function pendingNoticeOf(
  collection: PromotionCollection,
  recordId: number | null,
): Promise<{ id: number; authorEmail: string; createdAt: string } | null> {
  const pending = await pendingVersionOf(collection, recordId);
  return pending ? { id: pending.id, authorEmail: pending.authorEmail, createdAt: pending.createdAt.toISOString() } : null;
}

export const WITHDRAW_MESSAGES = {
  reasonRequired: "A reason is required: why the promotion no longer complies",
  notLive: "This promotion is not live: there is nothing to withdraw.",
  noFallback:
    "The regulatory status cannot leave the site, and there is no earlier version to go back to: save the corrected status for approval instead.",
  withdrawn: "Withdrawn: it has left the public site.",
} as const;

/** The approvals of a record still standing (not withdrawn since), newest first. */
async function standingApprovals(collection: PromotionCollection, recordId: number | null): Promise<PromotionRecord[]> {
  const records = await recordsOf(collection, recordId);
  const withdrawn = new Set(records.filter((row) => row.decision === "withdrawn").map((row) => row.versionId));
  return records.filter((row) => row.decision === "approved" && !withdrawn.has(row.versionId));
}

/**
 * What a single record goes back to when its standing approval is withdrawn. The hero: its previous approval
 * still standing, or the seeded default. The regulatory status and the risk warnings cannot simply vanish
 * (every page must disclose the firm; a high-risk product must carry its warning): they go back to the whole
 * record as it was just before the withdrawn change was approved (decision 0028), which is the previous
 * approval still standing or what was live before approval began; the risk warnings last of all to the
 * prescribed wording. Null: nothing to go back to (the regulatory status then refuses the withdrawal).
 */
async function withdrawalFallback(
  collection: PromotionCollection,
  store: SettingsStore,
  standing: readonly PromotionRecord[],
): Promise<Record<string, unknown> | null> {
  if (collection === "hero-content") return standing[1]?.values ?? (defaultHero as unknown as Record<string, unknown>);
  const withdrawn = standing[0]?.versionId ? await getPromotionVersion(standing[0].versionId) : null;
  const before = withdrawn?.baseVersion ? await getRevision(store.collection.entity, 1, withdrawn.baseVersion) : null;
  const fields = Object.keys(store.collection.history?.fields ?? {});
  const kept = before?.values ?? standing[1]?.values ?? null;
  if (kept) return Object.fromEntries(fields.filter((field) => field in kept).map((field) => [field, kept[field]]));
  return collection === "risk-warnings" ? { ...defaultRiskWarnings } : null;
}

/**
 * Withdraws a live promotion (COBS 4: one that stops complying): it leaves the public site at once. A single
 * record goes back to what `withdrawalFallback` gives; a product or a statistic
 * goes to the trash (restoring it is a change that needs approval while approval is on). Recorded in the
 * register like an approval, with the pages visitors are sent afterwards.
 */
export async function withdrawPromotion(
  collection: PromotionCollection,
  recordId: number | null,
  actor: Actor,
  { reason }: { reason: string },
): Promise<Decision> {
  if (!reason.trim()) return { ok: false, reason: "invalid", field: "reason", message: WITHDRAW_MESSAGES.reasonRequired };
  // Checked before anything changes: a withdrawal whose pages cannot be kept would leave the site unrecorded.
  if (!canKeepPublicPages()) return { ok: false, reason: "conflict", message: APPROVAL_MESSAGES.noPages };
  const store = innerStore(collection);
  const standing = await standingApprovals(collection, store.kind === "settings" ? null : recordId);
  let values: Record<string, unknown>;
  if (store.kind === "settings") {
    const live = await store.read();
    values = live as unknown as Record<string, unknown>;
    const fallback = await withdrawalFallback(collection, store, standing);
    if (!fallback) return { ok: false, reason: "conflict", message: WITHDRAW_MESSAGES.noFallback };
    const written = await store.update(fallback, actor);
    if (!written.ok) return { ok: false, reason: "conflict", message: WITHDRAW_MESSAGES.notLive };
  } else {
    if (recordId === null) return { ok: false, reason: "not_found" };
    const live = await store.get(recordId);
    if (!live) return { ok: false, reason: "conflict", message: WITHDRAW_MESSAGES.notLive };
    values = live as unknown as Record<string, unknown>;
    const removed = await store.remove(recordId, actor);
    if (!removed.ok) return { ok: false, reason: "conflict", message: WITHDRAW_MESSAGES.notLive };
  }
  const pages = await renderPublicPages(pagesOfPromotion(collection, values));
  const current = standing[0];
  const record = await recordPromotionDecision({
    decision: "withdrawn",
    collection,
    recordId: store.kind === "settings" ? null : recordId,
    versionId: current?.versionId ?? null,
    label: current?.label ?? labelOf(store, values),
    owner: (await getCompanySettings()).companyName,
    products: collection === "products" ? [String(values.name)] : [],
    values: Object.fromEntries(Object.entries(values).filter(([key]) => !["createdAt", "updatedAt"].includes(key))),
    pages,
    authors: current?.authors ?? [],
    decidedBy: actor.email,
    rationale: reason.trim(),
    reviewBy: null,
  });
  return { ok: true, record };
}

/** Whether a register row is an approval still standing (live, not withdrawn since): what can be withdrawn. */
export async function isStandingApproval(record: PromotionRecord): Promise<boolean> {
  if (record.decision !== "approved") return false;
  const standing = await standingApprovals(record.collection, record.recordId);
  return standing[0]?.id === record.id;
}
