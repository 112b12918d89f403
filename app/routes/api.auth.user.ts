import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { named, okWith, operatorEndpoint } from "~/server/api/openapi-operations.server";
import { OPERATOR_ROLES } from "~/schemas/operator";
import { requireOperatorApi } from "~/server/auth/auth.server";

const currentUser = named(
  z.object({
    id: z.number().int(),
    email: z.email(),
    firstName: z.string().nullable(),
    role: z.enum(OPERATOR_ROLES).meta({ description: "What the operator may do: admin, editor or approver" }),
  }),
  "CurrentUser",
);

export const openapi = operatorEndpoint(
  "/api/auth/user",
  { get: { summary: "The signed-in operator", success: okWith(currentUser) } },
  "Sign-in",
);

/** GET /api/auth/user (SPEC 7): the signed-in operator and their role, or 401 {"message":"Unauthorized"}. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireOperatorApi(request);
  return Response.json(
    { id: user.id, email: user.email, firstName: user.firstName, role: user.operator.role },
    { headers: { "Cache-Control": "no-store" } },
  );
}
