import { createRole, deleteRole, getRole, rolePath, updateRole, type Role } from "~/models/roles.server";
import { EMPLOYMENT_TYPE_LABELS, roleSchema, type RoleInput } from "~/schemas/role";
import { localField } from "~/server/forms/publishing-action.server";
import type { PublishingCollection } from "./editor.server";

/** The role as its form shows it. */
function formValues(role: Role) {
  const { title, slug, team, location, employmentType, summary, body, displayOrder, version } = role;
  return {
    title,
    slug,
    team,
    location,
    employmentType,
    summary,
    body,
    displayOrder,
    publishAt: localField(role.publishAt),
    closesAt: localField(role.closesAt),
    version,
  };
}

/** The Careers page's open roles, edited at /admin/careers. */
export const CAREERS = {
  kind: "role",
  section: "careers",
  noun: "Role",
  schema: roleSchema,
  read: getRole,
  path: rolePath,
  create: createRole,
  update: updateRole,
  remove: deleteRole,
  formValues,
  valueLabels: { employmentType: EMPLOYMENT_TYPE_LABELS },
} satisfies PublishingCollection<"role", Role, RoleInput, ReturnType<typeof formValues>>;
