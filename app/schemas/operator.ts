import { z } from "zod";
import { email as emailField, recordVersion, requiredText } from "./fields";

/**
 * Who may sign in to the admin, and what each may do (issue 36). The server enforces a role on every admin
 * loader, action and API call (app/server/auth/access.server.ts); the sidebar only follows it.
 */
export const OPERATOR_ROLES = ["admin", "editor", "approver"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const ROLE_LABELS: Record<OperatorRole, string> = {
  admin: "Admin",
  editor: "Editor",
  approver: "Approver",
};

export const ROLE_DESCRIPTIONS: Record<OperatorRole, string> = {
  admin: "Everything, including operators, sessions and the settings for sign-in, mail and retention.",
  editor: "All content (write, schedule, delete, restore) and the messages inbox.",
  approver: "Reads what an editor can and approves or rejects financial promotions; writes nothing else.",
};

export const OPERATOR_MESSAGES = {
  emailInvalid: "Please enter a valid email address",
  nameRequired: "Name is required",
  roleInvalid: `Role must be one of ${OPERATOR_ROLES.join(", ")}`,
  emailTaken: "An operator with this email already exists",
  lastAdmin: "The last admin cannot be removed or given another role: make someone else an admin first.",
  ownRole: "You cannot change your own role: ask another admin.",
  ownEmail: "You cannot change your own address: ask another admin.",
  removeSelf: "You cannot remove yourself: ask another admin.",
} as const;

const email = emailField(OPERATOR_MESSAGES.emailInvalid).transform((value) => value.toLowerCase());
const name = requiredText(OPERATOR_MESSAGES.nameRequired, 100);
const role = z.enum(OPERATOR_ROLES, { error: OPERATOR_MESSAGES.roleInvalid });

/** The Operators screen's form: adding someone, or changing their name, address or role. */
export const operatorSchema = z.object({ email, name, role, version: recordVersion });
export type OperatorInput = Omit<z.output<typeof operatorSchema>, "version">;

/** The JSON API's update: an operator's address is who they are at the identity provider, so it stays. */
export const operatorUpdateSchema = z.object({ name, role, version: recordVersion });
