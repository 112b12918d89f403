import { COLLECTIONS } from "~/collections";
import { STORES } from "./stores.server";
import type { CollectionStore, DialogStore } from "./store.server";

export { STORES };

export type StoreName = keyof typeof STORES;

/** The store of the collection the JSON API calls `name`, if it has one. */
export function storeNamed(name: string | undefined): CollectionStore | undefined {
  return name !== undefined && Object.hasOwn(STORES, name) ? STORES[name as StoreName] : undefined;
}

/** The stores in the admin sidebar's order. */
export const ALL_STORES: readonly CollectionStore[] = COLLECTIONS.flatMap((collection) => {
  const store = storeNamed(collection.name);
  return store ? [store] : [];
});

/** A collection edited in dialogs (its declaration's `dialogs`), by admin section, with its store. */
export function dialogStoreAt(section: string | undefined): DialogStore | undefined {
  const collection = COLLECTIONS.find((c) => c.section === section);
  const store = collection && storeNamed(collection.name);
  if (!store || store.kind !== "records" || !("dialogs" in store.collection)) return undefined;
  return store as DialogStore;
}
