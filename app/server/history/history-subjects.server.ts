import type { Actor, WriteResult } from "~/models/actor";
import {
  currentLegalDocument,
  legalDocumentHistory,
  publishLegalVersion,
} from "~/models/legal-documents.server";
import { getRevision } from "~/models/revisions.server";
import type { TrashCollection } from "~/models/trash.server";
import { storeNamed } from "~/server/collections/index.server";
import type { CollectionStore } from "~/server/collections/store.server";
import { LEGAL_DOCUMENT_KEYS, type LegalDocumentKey } from "~/schemas/legal-document";
import { londonIsoDate } from "~/utils/london-time";
import { parseRecordId } from "~/utils/record-id";
import { CATEGORY_NAMES } from "~/schemas/post";
import { STATUS_LABELS } from "~/schemas/redirect";
import { EMPLOYMENT_TYPE_LABELS } from "~/schemas/role";
import { now } from "~/models/clock.server";
import {
  adminListPath,
  capitalNoun,
  TRASHABLE_COLLECTIONS,
  VERSIONED_COLLECTIONS,
  type VersionedCollection,
} from "~/collections";

/** A record as history shows it now: its version and a name for headings. */
export interface CurrentRecord {
  version: number;
  label: string;
}

/**
 * Something whose versions are kept: a settings record (one of it) or a collection of records. The admin's
 * history screens (`/admin/{section}/history`, `/admin/{section}/{id}/history`) and the JSON API
 * (`/api/admin/{apiName}/...`) both find it here.
 */
export interface HistorySubject {
  /** The admin URL segment: "hero", "products", "stats". */
  section: string;
  /** The JSON API's name for it (null: not in the API). */
  apiName: string | null;
  /** The name its revisions and audit rows are kept under. */
  entity: string;
  /** What one of it is called: "Hero Section", "product". */
  noun: string;
  /** One record (settings) or many (`id` in the URL). */
  single: boolean;
  /** Labels for the kept fields, in the order the editor shows them; fields not named here are not shown. */
  fields: Record<string, string>;
  /** What a field's codes read as in its editor ("published" → "Published", 301 → "301 Moved permanently"). */
  valueLabels: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The id as the URL has it ("12", "privacy"), or null when it is not one. */
  parseId: (raw: string | undefined) => string | null;
  editorUrl: (id: string) => string;
  historyUrl: (id: string) => string;
  /** The record as it is now, or null when it does not exist (deleted: see the trash). */
  current: (id: string) => Promise<CurrentRecord | null>;
  /** Writes a kept version's values as a new version; refused like any save when stale or no longer valid. */
  /** `expectedVersion`: the version the operator saw; absent (the JSON API without one) overwrites whatever is there. */
  restore:
    | ((id: string, version: number, actor: Actor, expectedVersion?: number) => Promise<WriteResult<unknown>>)
    | null;
}

const numericId = (raw: string | undefined) => {
  const id = parseRecordId(raw);
  return id === null ? null : String(id);
};
const singletonId = (raw: string | undefined) => (raw === undefined || raw === "1" ? "1" : null);

type Restore = (
  id: string,
  version: number,
  actor: Actor,
  expectedVersion?: number,
) => Promise<WriteResult<unknown>>;

/** What history needs of a versioned collection beyond its definition: how to read a record now and write a kept version back. */
interface HistoryBinding {
  current: (id: string) => Promise<CurrentRecord | null>;
  restore: Restore | null;
  parseId?: (raw: string | undefined) => string | null;
  editorUrl?: (id: string) => string;
}

/** A store's history: the record now, named as headings show it, and a kept version written back. */
function bindingOf(store: CollectionStore): HistoryBinding {
  if (store.kind === "settings") {
    return {
      current: async () => {
        const record = await store.read();
        return record.version > 0 ? { version: record.version, label: "" } : null;
      },
      restore: (_id, version, actor, expectedVersion) => store.restoreVersion(version, actor, expectedVersion),
    };
  }
  return {
    current: async (id) => {
      const row = await store.get(Number(id));
      return row ? { version: row.version, label: store.label(row) } : null;
    },
    restore: (id, version, actor, expectedVersion) =>
      store.restoreVersion(Number(id), version, actor, expectedVersion),
  };
}

/** Legal documents: each change is a version already; restoring one publishes its text again, effective today. */
const legal: HistoryBinding = {
  parseId: (raw) => ((LEGAL_DOCUMENT_KEYS as readonly string[]).includes(raw ?? "") ? raw! : null),
  editorUrl: (key) => `/admin/legal/${key}`,
  current: async (key) => {
    const [latest] = await legalDocumentHistory(key as LegalDocumentKey);
    const document = await currentLegalDocument(key as LegalDocumentKey);
    return latest && document ? { version: latest.version, label: document.title } : null;
  },
  restore: async (key, version, actor, expectedVersion) => {
    const [latest] = await legalDocumentHistory(key as LegalDocumentKey);
    if (!latest) return { ok: false, reason: "not_found" };
    if (latest.version !== expectedVersion) {
      return {
        ok: false,
        reason: "conflict",
        message: "A newer version was published while you were looking. Review it and try again.",
      };
    }
    const kept = await getRevision("legal document", key, version);
    if (!kept) return { ok: false, reason: "not_found" };
    const created = await publishLegalVersion(
      key as LegalDocumentKey,
      {
        body: String(kept.values.body),
        effectiveDate: londonIsoDate(now()),
        changeSummary: `Restored the text of version ${version}`,
      },
      actor,
    );
    return created ? { ok: true, record: created } : { ok: false, reason: "not_found" };
  },
};

/** A post's or role's status as the editors' buttons put it. */
const PUBLICATION_STATUS_LABELS = { draft: "Draft", published: "Published" } as const;

/** Codes a collection's editor names that its dialog definition does not list. */
const EDITOR_VALUE_LABELS: Partial<Record<string, Record<string, Readonly<Record<string, string>>>>> = {
  posts: { category: CATEGORY_NAMES },
  roles: { employmentType: EMPLOYMENT_TYPE_LABELS },
  redirects: { statusCode: STATUS_LABELS },
};

function valueLabelsOf(collection: VersionedCollection): HistorySubject["valueLabels"] {
  const dialogs = "dialogs" in collection ? (collection.dialogs as { valueLabels?: HistorySubject["valueLabels"] } | undefined) : undefined;
  return {
    ...(collection.publishable ? { status: PUBLICATION_STATUS_LABELS } : {}),
    ...(dialogs?.valueLabels ?? {}),
    ...(EDITOR_VALUE_LABELS[collection.name] ?? {}),
  };
}

/** Legal documents have no store: each change is a published version of its own. */
function bindingFor(collection: VersionedCollection): HistoryBinding {
  if (collection.name === "legal-documents") return legal;
  const store = storeNamed(collection.name);
  if (!store) throw new Error(`The versioned collection ${collection.name} has no store (app/server/collections)`);
  return bindingOf(store);
}

function subjectOf(collection: VersionedCollection): HistorySubject {
  const binding = bindingFor(collection);
  const { section, single, noun } = collection;
  const editorPath = "editorPath" in collection ? collection.editorPath : `/admin/${section}`;
  return {
    section,
    apiName: collection.history.api ? collection.name : null,
    entity: collection.entity,
    noun,
    single,
    fields: collection.history.fields,
    valueLabels: valueLabelsOf(collection),
    parseId: binding.parseId ?? (single ? singletonId : numericId),
    editorUrl: binding.editorUrl ?? (single ? () => editorPath : (id) => `/admin/${section}/${id}/edit`),
    historyUrl: single ? () => `/admin/${section}/history` : (id) => `/admin/${section}/${id}/history`,
    // A settings record is named by its collection; one of many by its own title.
    current: async (id) => {
      const record = await binding.current(id);
      return record && single ? { ...record, label: noun } : record;
    },
    restore: binding.restore,
  };
}

/** The versioned collections (app/collections), as the history screens and the JSON API use them. */
export const HISTORY_SUBJECTS: readonly HistorySubject[] = VERSIONED_COLLECTIONS.map(subjectOf);

/** By admin URL segment ("hero", "products"); undefined for anything else. */
export function subjectBySection(section: string | undefined): HistorySubject | undefined {
  return HISTORY_SUBJECTS.find((subject) => subject.section === section);
}

/** By JSON API name ("hero-content", "menu-items"). */
export function subjectByApiName(name: string | undefined): HistorySubject | undefined {
  return HISTORY_SUBJECTS.find((subject) => subject.apiName !== null && subject.apiName === name);
}

/** Putting a deleted record back, by trash collection. */
export const RESTORE_FROM_TRASH = Object.fromEntries(
  TRASHABLE_COLLECTIONS.map((collection) => {
    const store = storeNamed(collection.name);
    if (store?.kind !== "records" || !store.restoreFromTrash)
      throw new Error(`The trashable collection ${collection.name} has no store that restores from the trash`);
    return [collection.name, store.restoreFromTrash];
  }),
) as Record<TrashCollection, (id: number, actor: Actor) => Promise<WriteResult<unknown>>>;

/** Where a collection's records are edited in the admin, and what one is called there. */
export const TRASH_SECTIONS = Object.fromEntries(
  TRASHABLE_COLLECTIONS.map((collection) => [
    collection.name,
    { section: collection.section, noun: capitalNoun(collection), listUrl: adminListPath(collection) },
  ]),
) as Record<TrashCollection, { section: string; noun: string; listUrl: string }>;
