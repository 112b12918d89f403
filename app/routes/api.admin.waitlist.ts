import { listWaitlistEntries, WAITLIST_STATUSES } from "~/models/waitlist.server";
import { apiError, privateJson } from "~/server/api/api.server";
import { operatorRoute } from "~/server/api/history-api.server";
import { okWithList, operatorEndpoint } from "~/server/api/openapi-operations.server";
import { waitlistEntryJson, waitlistEntryRecord } from "~/server/api/waitlist-resources.server";
import { requireAdminApi } from "~/server/auth/auth.server";
import { waitlistFilter } from "~/server/waitlist/filter.server";

export const openapi = operatorEndpoint("/api/admin/waitlist", {
  get: {
    summary: "The waitlist's entries (editors and admins)",
    success: okWithList(waitlistEntryRecord),
    description: "Oldest first. The hashes of the links' tokens are never answered.",
    query: [
      {
        name: "platform",
        pattern: "^[0-9]{1,9}$",
        description: "Only the entries that want this product (its id)",
      },
      { name: "status", enum: WAITLIST_STATUSES, description: "Only the entries in this status" },
      { name: "q", pattern: "^.{1,254}$", description: "Only the addresses containing this text" },
    ],
    also: [400, 403],
    errorNotes: {
      400: "An unknown `status` or a `platform` that is not an id",
      403: "An approver: the waitlist is for editors and admins",
    },
  },
});

/** GET /api/admin/waitlist: every entry, oldest first; `?platform=` (a product id) and `?status=` narrow it. */
const handle = operatorRoute({
  async GET({ request }) {
    await requireAdminApi(request);
    const search = new URL(request.url).searchParams;
    const filter = waitlistFilter(search);
    if (filter.error) throw apiError(400, filter.error);
    const entries = await listWaitlistEntries(filter);
    return privateJson(entries.map(waitlistEntryJson));
  },
});

export { handle as loader, handle as action };
