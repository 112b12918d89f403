import type { DialogScreen } from "./dialogs";

/**
 * A collection: one kind of record the operators manage (products, posts, the hero...), declared once.
 * The admin's screen list, history, the trash and the JSON API's history and trash endpoints (and their
 * OpenAPI description) are derived from these declarations (app/collections/index.ts lists them), so a
 * new record type is declared here rather than added to each of them. docs/adding-a-record-type.md says
 * which other files a new one needs.
 *
 * One record type has up to four names, kept apart on purpose and mapped only here:
 * - `name`: the JSON API's resource (`/api/admin/{name}`) and the trash's collection ("posts");
 * - `section`: the admin's URL segment (`/admin/{section}`), SPEC's own ("news");
 * - `entity`: what its audit rows and kept versions are filed under ("post");
 * - `publicPaths`: where visitors read it, when they do ("/newsroom").
 */
export interface CollectionDefinition {
  name: string;
  section: string;
  entity: string;
  /** What one of it is called in headings and messages: "product", or "Hero Section" for a settings record. */
  noun: string;
  /** One record (settings, `/admin/{section}`) or many (`/admin/{section}/{id}/...`). */
  single: boolean;
  /** Its own screen in the admin's sidebar and on the operator's home, or null (edited on another's screen). */
  screen: { label: string; description: string } | null;
  /** Where its one record is edited, when that is not `/admin/{section}` (settings on another screen's tab). */
  editorPath?: string;
  /**
   * Versions kept on every write: the labels of the kept fields in the editor's order (what history shows;
   * fields not named are not shown), and how the JSON API names a record of it ("a product"), or null when
   * its versions are not in the API. Null: not versioned.
   */
  history: { fields: Record<string, string>; api: { noun: string; schema: string } | null } | null;
  /** A delete puts it in the trash for TRASH_DAYS (db/schema.ts's TRASH_COLLECTIONS holds the same names). */
  trashable: boolean;
  /** It has drafts, schedules and a published state (status, publishAt). */
  publishable: boolean;
  /** Visitors' site search finds it. */
  searchable: boolean;
  /** Edited in dialogs over its list, at the generic `/admin/{section}` routes (the others have screens of their own). */
  dialogs?: DialogScreen;
  /** The public pages that show it (none: only the admin and the API have it, or it is on every page). */
  publicPaths: readonly string[];
}

/** Declares a collection; the identity function is here for the type, and so every declaration reads alike. */
export function defineCollection<const T extends CollectionDefinition>(definition: T): T {
  return definition;
}

export const PUBLICATION_FIELDS = {
  status: "Status",
  publishAt: "Publish at",
  publishedAt: "Visible from",
} as const;
