import { privateJson, readJsonBody, tooManyRequests } from "~/server/api/api.server";
import { operatorRoute } from "~/server/api/history-api.server";
import { okWith, operatorEndpoint } from "~/server/api/openapi-operations.server";
import { requireAdminApi } from "~/server/auth/auth.server";
import {
  markdownPreview,
  markdownPreviewRequest,
  previewRateLimited,
  renderMarkdownPreview,
} from "~/server/publishing/markdown-preview.server";

export const openapi = operatorEndpoint("/api/admin/markdown/preview", {
  post: {
    summary: "A post's or role's Markdown body rendered as its public page will show it",
    success: okWith(markdownPreview),
    request: markdownPreviewRequest,
    description:
      "The editor's preview: the renderer and options a save uses, so the HTML is what goes live. Nothing is stored. Editors and admins; at most 150 a minute per operator.",
  },
});

/**
 * POST /api/admin/markdown/preview: a post's or role's body rendered as its page will show it, for the
 * editor's live preview. Writers only (the access rules: it is a POST under /api/admin); nothing is stored.
 */
const handle = operatorRoute({
  async POST({ request }) {
    const user = await requireAdminApi(request);
    const retryAfter = await previewRateLimited(user.email);
    if (retryAfter !== null) throw tooManyRequests(retryAfter);
    const { kind, body } = await readJsonBody(request, markdownPreviewRequest);
    return privateJson(await renderMarkdownPreview(kind, body));
  },
});

export { handle as loader, handle as action };
