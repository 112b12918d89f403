import { z } from "zod";
import { OPERATOR_ROLES, operatorSchema, operatorUpdateSchema } from "~/schemas/operator";
import { named } from "~/server/api/openapi-operations.server";
import { ASSIGNED_FIELDS } from "~/server/collections/store.server";

/** GET, POST, PUT and DELETE /api/admin/operators[/{id}] (issue 36): the Operators screen's schemas, strict. */
export const operatorUpdateRequest = named(z.strictObject(operatorUpdateSchema.shape), "OperatorUpdate");

export const operatorRecord = named(
  operatorSchema.extend({
    ...ASSIGNED_FIELDS,
    email: z.email().meta({ description: "The address they sign in with, lowercased" }),
    role: z.enum(OPERATOR_ROLES).meta({
      description:
        "admin: everything; editor: all content and the inbox; approver: reads, and approves financial promotions",
    }),
  }),
  "Operator",
);
