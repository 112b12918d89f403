import { defineCollection } from "./definition";
import {
  OPERATOR_ROLES,
  operatorSchema,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  type OperatorRole,
} from "~/schemas/operator";

/** Who may sign in to the admin, and with which role (issue 36): admins only. */
export const operators = defineCollection({
  name: "operators",
  section: "operators",
  entity: "operator",
  noun: "operator",
  single: false,
  screen: { label: "Operators", description: "Who may sign in to the admin, and what each may do." },
  history: {
    fields: { email: "Email", name: "Name", role: "Role" },
    api: { noun: "an operator", schema: "Operator" },
  },
  trashable: false,
  publishable: false,
  searchable: false,
  dialogs: {
    schema: operatorSchema,
    formNoun: "Operator",
    page: {
      title: "Operators",
      description:
        "Who may sign in to the admin and with which role. Removing someone, or giving them a narrower role, applies to their open sessions at once.",
      addLabel: "Add Operator",
      loadingText: "Loading operators...",
      emptyText: "No operators yet.",
    },
    fields: [
      {
        name: "email",
        label: "Email",
        placeholder: "e.g., name@kestrelinsight.example",
        hint: "The address they sign in with at the identity provider.",
      },
      { name: "name", label: "Name", placeholder: "e.g., Ada Lovelace" },
      {
        name: "role",
        label: "Role",
        kind: "select",
        options: OPERATOR_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
        hint: OPERATOR_ROLES.map((role) => `${ROLE_LABELS[role]}: ${ROLE_DESCRIPTIONS[role]}`).join(" "),
      },
    ],
    newValues: { email: "", name: "", role: "editor" },
    valueLabels: { role: ROLE_LABELS },
    row: {
      name: (row) => String(row.name),
      badges: (row) => [
        {
          label: ROLE_LABELS[row.role as OperatorRole] ?? String(row.role),
          tone: row.role === "admin" ? "accent" : "neutral",
        },
      ],
      lines: (row) => [{ text: String(row.email), mono: true }],
      facts: () => [],
    },
  },
  publicPaths: [],
});
