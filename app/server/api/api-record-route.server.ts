import type { z } from "zod";
import type { Actor, WriteResult } from "~/models/actor";
import {
  apiJson,
  apiRoute,
  noContent,
  parseId,
  readJsonBody,
  requireOperatorWrite,
  writtenRecord,
  type ObjectSchema,
} from "~/server/api/api.server";
import { withoutVersion } from "~/schemas/fields";
import { actorOf } from "~/server/auth/auth.server";

/**
 * PUT and DELETE of one record at /api/admin/{records}/{id}: the steps are the same for every kind of
 * record (operator check, rate limit, id, strict body, optional version, the model's answer mapped to
 * 200/404/409/400, 204 after a delete).
 */
export function recordItemRoute<S extends ObjectSchema, TRecord>(options: {
  notFound: string;
  request: S;
  update: (
    id: number,
    input: Omit<z.output<S>, "version">,
    actor: Actor,
    version: number | undefined,
  ) => Promise<WriteResult<TRecord>>;
  remove: (id: number, actor: Actor) => Promise<WriteResult<TRecord>>;
  toJson: (record: TRecord) => unknown;
}) {
  const { notFound } = options;
  return apiRoute({
    async PUT(args) {
      const user = await requireOperatorWrite(args);
      const id = parseId(args.params.id, notFound);
      const { input, version } = withoutVersion(await readJsonBody(args.request, options.request));
      const record = writtenRecord(await options.update(id, input, actorOf(user), version), notFound);
      return apiJson(options.toJson(record));
    },
    async DELETE(args) {
      const user = await requireOperatorWrite(args);
      writtenRecord(await options.remove(parseId(args.params.id, notFound), actorOf(user)), notFound);
      return noContent();
    },
  });
}
