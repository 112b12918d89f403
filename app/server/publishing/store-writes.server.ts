import type { Actor, WriteResult } from "~/models/actor";
import type { RecordStore } from "~/server/collections/store.server";

/**
 * A publishing collection's create and update through its collection store, so that publishing a financial
 * promotion waits for approval while approval is on (the store's rows are the collection's records).
 */
export function writesThroughStore<TRecord>(store: RecordStore) {
  return {
    create: (value: object, actor: Actor) => store.create(value, actor) as Promise<WriteResult<TRecord>>,
    update: (id: number, value: object, actor: Actor, version: number | undefined) =>
      store.update(id, value, actor, version) as Promise<WriteResult<TRecord>>,
  };
}
