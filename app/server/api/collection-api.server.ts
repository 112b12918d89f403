import type { z } from "zod";
import { withoutVersion } from "~/schemas/fields";
import {
  API_MESSAGES,
  apiError,
  apiJson,
  apiRoute,
  created,
  noContent,
  parseId,
  privateJson,
  publicJson,
  readJsonBody,
  requireOperatorWrite,
  withApiErrors,
  writtenRecord,
  type ApiArgs,
  type ApiMethodHandler,
} from "~/server/api/api.server";
import { actorOf, requireAdminApi } from "~/server/auth/auth.server";
import { storeNamed } from "~/server/collections/index.server";
import type {
  CollectionStore,
  PagedList,
  RecordStore,
  SettingsStore,
  StoreJson,
} from "~/server/collections/store.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";
import { PENDING_APPROVAL_MESSAGE } from "~/utils/approvals";
import type { PromotionVersion } from "~/models/promotions.server";
import { isPending } from "~/server/promotions/approvals.server";
import { enumParam, PAGE_NOT_FOUND, pageLinks, pageParam } from "~/server/api/publishing-api.server";

/**
 * The JSON API of every collection whose store has one (app/server/collections), at /api/admin/{name}
 * and /api/admin/{name}/{id}: a settings record's PUT; a collection of many's POST, PUT and DELETE (and
 * GET of the whole list, or of one record, where the store says so). The steps are the same for each: operator check, rate
 * limit, strict body, optional `version`, the model's answer mapped to 200/201/204, 404, 409 or 400.
 */

type Served<TStore> = TStore & { json: StoreJson<object> };

/** The collection a URL names, when its store has a JSON API. */
function servedStore(name: string | undefined): Served<CollectionStore> | null {
  const store = storeNamed(name);
  return store?.json ? (store as Served<CollectionStore>) : null;
}

/** 202: a financial promotion's change kept for approval (issue 42); the live record is unchanged. */
export function pendingAnswer(pending: PromotionVersion): Response {
  return apiJson(
    { message: PENDING_APPROVAL_MESSAGE, approval: { id: pending.id, status: pending.status, createdAt: pending.createdAt.toISOString() } },
    { status: 202 },
  );
}

/** A create's or update's body: strict to its schema, and whatever else the collection does with it. */
function readBody(request: Request, json: StoreJson<object>, schema: z.ZodObject) {
  return json.readBody ? json.readBody(request, schema) : readJsonBody(request, schema);
}

function settingsRoute({ json, ...store }: Served<SettingsStore>): ApiMethodHandler {
  return apiRoute({
    ...(json.readable
      ? {
          async GET({ request }: ApiArgs) {
            await requireAdminApi(request);
            return privateJson(json.toJson(await store.read()));
          },
        }
      : {}),
    async PUT(args) {
      const user = await requireOperatorWrite(args);
      const { input, version } = withoutVersion(await readBody(args.request, json, json.update));
      const result = await store.update(input, actorOf(user), version);
      if (isPending(result)) return pendingAnswer(result.pending);
      return apiJson(json.toJson(writtenRecord(result, json.notFound)));
    },
  });
}

/** One page of a collection for an operator, with Link headers to its neighbours. */
async function pageOf(request: Request, json: StoreJson<object>, paged: PagedList) {
  await requireAdminApi(request);
  const requested = pageParam(request);
  const filters = Object.fromEntries(
    paged.filters.map(({ name, values }) => [name, enumParam(request, name, values)]),
  );
  const page = await paged.list({ ...filters, page: requested });
  if (page.page !== requested) throw apiError(404, PAGE_NOT_FOUND);
  const { pageCount, total } = page;
  const items = page.items.map((row) => json.toJson(row));
  return privateJson({ items, page: requested, pageCount, total }, pageLinks(request, requested, pageCount));
}

function listRoute({ json, ...store }: Served<RecordStore>): ApiMethodHandler {
  const { paged } = json;
  return apiRoute({
    ...(paged ? { GET: ({ request }: ApiArgs) => pageOf(request, json, paged) } : {}),
    ...(json.listed && store.list
      ? {
          async GET({ request }: ApiArgs) {
            await requireAdminApi(request);
            return privateJson((await store.list!()).map((row) => json.toJson(row)));
          },
        }
      : {}),
    async POST(args) {
      const user = await requireOperatorWrite(args);
      const input = await readBody(args.request, json, json.create);
      const result = await store.create(input, actorOf(user));
      if (isPending(result)) return pendingAnswer(result.pending);
      return created(args.request, json.toJson(writtenRecord(result, json.notFound)) as { id: number });
    },
  });
}

function itemRoute({ json, ...store }: Served<RecordStore>): ApiMethodHandler {
  return apiRoute({
    ...(json.readable
      ? {
          async GET({ request, params }: ApiArgs) {
            await requireAdminApi(request);
            const record = await store.get(parseId(params.id, json.notFound));
            if (!record) throw apiError(404, json.notFound);
            return privateJson(json.toJson(record));
          },
        }
      : {}),
    async PUT(args) {
      const user = await requireOperatorWrite(args);
      const id = parseId(args.params.id, json.notFound);
      const { input, version } = withoutVersion(await readBody(args.request, json, json.update));
      const result = await store.update(id, input, actorOf(user), version);
      if (isPending(result)) return pendingAnswer(result.pending);
      return apiJson(json.toJson(writtenRecord(result, json.notFound)));
    },
    async DELETE(args) {
      const user = await requireOperatorWrite(args);
      writtenRecord(await store.remove(parseId(args.params.id, json.notFound), actorOf(user)), json.notFound);
      return noContent();
    },
  });
}

/**
 * Built once per collection and route; a name it does not serve is a 404 (signed out, a 401 under
 * /api/admin). Every answer to an operator is private and never stored, as history's are.
 */
function routeFor(
  build: (store: Served<CollectionStore>) => ApiMethodHandler | null,
  { operator = true } = {},
): ApiMethodHandler {
  const built = new Map<string, ApiMethodHandler | null>();
  const answer = (args: ApiArgs) =>
    withApiErrors(async () => {
      const name = args.params.collection ?? "";
      if (!built.has(name)) {
        const store = servedStore(name);
        built.set(name, store ? build(store) : null);
      }
      const handle = built.get(name);
      if (handle) return handle(args);
      // Signed out, every admin path is a 401, whatever it names.
      if (operator) await requireAdminApi(args.request);
      throw apiError(404, API_MESSAGES.notFound);
    });
  if (!operator) return answer;
  return async (args) => {
    const response = await answer(args);
    response.headers.set("Cache-Control", PRIVATE_NO_STORE);
    return response;
  };
}

/** /api/admin/{name}. */
export const collectionRoute = routeFor((store) =>
  store.kind === "settings" ? settingsRoute(store) : listRoute(store),
);

/** /api/admin/{name}/{id}: a collection of many's records. */
export const collectionItemRoute = routeFor((store) => (store.kind === "records" ? itemRoute(store) : null));

/** GET /api/{name}: what visitors read of a collection, cached and answered with an ETag; any other name is the API's 404. */
export const publicCollectionRoute: ApiMethodHandler = routeFor(
  (store) => {
    const { published, toJson } = store.json;
    if (!published) return null;
    return apiRoute({
      async GET({ request }) {
        const read = await published.read();
        return publicJson(
          request,
          Array.isArray(read) ? read.map((row: object) => toJson(row)) : toJson(read),
        );
      },
    });
  },
  { operator: false },
);
