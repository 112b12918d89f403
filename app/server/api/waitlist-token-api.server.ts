import { apiError, apiJson, apiRoute, readJson, validateBody } from "~/server/api/api.server";
import { waitlistTokenRequest } from "~/server/api/waitlist-resources.server";

/**
 * POST /api/waitlist/{confirm|unsubscribe}: a waitlist e-mail's token, used by `use`; `done` answers a token
 * that worked, and a 404 with `unknown` one that did not.
 */
export function waitlistTokenRoute(
  use: (token: string) => Promise<boolean>,
  messages: { done: string; unknown: string },
) {
  return apiRoute({
    async POST({ request }) {
      const { token } = validateBody(waitlistTokenRequest, await readJson(request));
      if (!(await use(token))) throw apiError(404, messages.unknown);
      return apiJson({ message: messages.done });
    },
  });
}
