import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/server/auth/auth.server";

/** GET /api/auth/user (SPEC 7): the signed-in operator, or 401 {"message":"Unauthorized"}. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdminApi(request);
  return Response.json(
    { id: user.id, email: user.email, firstName: user.firstName },
    { headers: { "Cache-Control": "no-store" } },
  );
}
