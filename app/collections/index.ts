import { COLLECTIONS } from "./registry";
import type { DialogScreen } from "./dialogs";

import type { CollectionDefinition } from "./definition";

export type { CollectionDefinition };
export { COLLECTIONS };

export type Collection = (typeof COLLECTIONS)[number];
export type CollectionName = Collection["name"];
/** The collections whose versions are kept. */
export type VersionedCollection = Extract<Collection, { history: object }>;
/** The collections a delete puts in the trash. */
export type TrashableCollection = Extract<Collection, { trashable: true }>;

export const VERSIONED_COLLECTIONS = COLLECTIONS.filter((c): c is VersionedCollection => c.history !== null);
export const TRASHABLE_COLLECTIONS = COLLECTIONS.filter((c): c is TrashableCollection => c.trashable);

export function collectionNamed(name: string | undefined): Collection | undefined {
  return COLLECTIONS.find((collection) => collection.name === name);
}

export function collectionAt(section: string | undefined): Collection | undefined {
  return COLLECTIONS.find((collection) => collection.section === section);
}

/** What a collection's records are called at the start of a sentence or in a column ("Menu item"). */
export function capitalNoun(collection: Pick<CollectionDefinition, "noun">): string {
  return collection.noun.charAt(0).toUpperCase() + collection.noun.slice(1);
}

/** Where a collection's screen is in the admin: its list, or its one record's editor. */
export function adminListPath({ section }: { section: string }): string {
  return `/admin/${section}`;
}

/** How a collection edited in dialogs is listed and edited (its declaration's `dialogs`). */
export function dialogScreenAt(section: string | undefined): DialogScreen | undefined {
  const collection = collectionAt(section);
  return collection && "dialogs" in collection ? collection.dialogs : undefined;
}

/** The id of a collection's form, from what one of it is called ("menu item" -> "menu-item"). */
export function dialogFormId(section: string | undefined): string {
  return (collectionAt(section)?.entity ?? "record").replace(/\s+/g, "-");
}
