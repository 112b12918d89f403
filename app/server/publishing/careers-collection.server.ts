import { roles } from "~/collections/roles";
import { deleteRole, getRole, rolePath, type Role, type RoleWrite } from "~/models/roles.server";
import { EMPLOYMENT_TYPE_LABELS, roleSchema, type RoleInput } from "~/schemas/role";
import { localField } from "~/server/forms/publishing-action.server";
import { STORES } from "~/server/collections/stores.server";
import { pickFields } from "~/utils/pick-fields";
import type { PublishingCollection } from "./editor.server";
import { writesThroughStore } from "./store-writes.server";

/** The role's own values, as a write takes them: its form's fields but the version. */
export function roleValues(role: Role): RoleWrite {
  const { version: _version, ...fields } = roleSchema.in.shape;
  return pickFields(role, Object.keys(fields) as (keyof RoleWrite)[]);
}

/** The role as its form shows it (its status is the button pressed, not a field). */
function formValues(role: Role) {
  const { status: _status, ...values } = roleValues(role);
  return {
    ...values,
    publishAt: localField(role.publishAt),
    closesAt: localField(role.closesAt),
    financialPromotion: role.financialPromotion ? "on" : "",
    version: role.version,
  };
}

/** The Careers page's open roles, edited at /admin/careers. */
export const CAREERS = {
  kind: "role",
  section: roles.section,
  noun: "Role",
  schema: roleSchema,
  read: getRole,
  path: rolePath,
  ...writesThroughStore<Role>(STORES.roles),
  remove: deleteRole,
  formValues,
  valueLabels: { employmentType: EMPLOYMENT_TYPE_LABELS },
} satisfies PublishingCollection<"role", Role, RoleInput, ReturnType<typeof formValues>>;
