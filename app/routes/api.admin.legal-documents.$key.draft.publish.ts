import { publishLegalDraft } from "~/models/legal-documents.server";
import { apiError, apiJson, apiRoute, readJsonBody, requireOperatorWrite } from "~/server/api/api.server";
import { operatorEndpoint } from "~/server/api/openapi-operations.server";
import { legalKey } from "~/server/api/publishing-api.server";
import {
  legalDraftPublishRequest,
  legalVersionJson,
  legalVersionRecord,
} from "~/server/api/publishing-resources.server";
import { actorOf } from "~/server/auth/auth.server";

export const openapi = operatorEndpoint("/api/admin/legal-documents/{key}/draft/publish", {
  post: {
    summary: "Publish the draft of a legal document as its next version",
    success: {
      status: 201,
      schema: legalVersionRecord,
      description: "Created: the new version; the draft is gone",
    },
    request: legalDraftPublishRequest,
    description:
      'The draft becomes version n + 1, what visitors read from its effective date; earlier versions are never changed. Send `{}`, or `{"version": n}` to be refused with 409 if it would get another number.',
    also: [409],
    errorNotes: {
      404: "No such document, or it has no draft",
      409: "The draft would get another version number than the one sent",
    },
  },
});

const handle = apiRoute({
  /** The draft becomes version n + 1 (public from its effective date) and is deleted: 201 with the version. */
  async POST(args) {
    const user = await requireOperatorWrite(args);
    const key = legalKey(args.params.key);
    const { version } = await readJsonBody(args.request, legalDraftPublishRequest);
    const outcome = await publishLegalDraft(key, actorOf(user), { version });
    if (!outcome.ok) {
      throw outcome.reason === "stale"
        ? apiError(
            409,
            `The draft would not become version ${version}: another version was published meanwhile`,
          )
        : apiError(404, "This legal document has no draft");
    }
    return apiJson(legalVersionJson(outcome.version), { status: 201 });
  },
});

export { handle as loader, handle as action };
