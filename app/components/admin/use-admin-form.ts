import { useForm, type DefaultValue, type Submission } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";
import { z } from "zod";
import type { AdminFormReply } from "./form-reply";
import { useActionToast } from "./use-action-toast";

/**
 * Every admin form: Conform over the schema its action parses, checked in the browser as the operator
 * leaves a field and again as they correct it; the action's last answer (its messages, and its toast) shown.
 */
export function useAdminForm<Shape extends Record<string, unknown>>({
  id,
  schema,
  reply,
  defaultValue,
}: {
  id: string;
  schema: $ZodType;
  reply: AdminFormReply | undefined;
  defaultValue: DefaultValue<Shape>;
}) {
  useActionToast(reply?.toast);
  return useForm<Shape>({
    id,
    lastResult: reply?.result,
    defaultValue,
    constraint: fieldConstraints(schema),
    // The form's shape is the caller's: a schema's output may differ from what its fields hold (the
    // notification routes are text in the form and lists after the schema).
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema, disableAutoCoercion: true }) as Submission<Shape>,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

type Constraints = ReturnType<typeof getZodConstraint>;

const constraintsBySchema = new WeakMap<$ZodType, Constraints>();

/**
 * The schema's constraints as field attributes (`required` on Name...). getZodConstraint cannot see
 * through the schemas' preprocessing (a blank optional text becomes null, an unticked box false), so a
 * field is required only when the schema refuses it left blank, and its enums' patterns are left out.
 * Conform renders forms `novalidate`, so the attributes name what is required without stopping a post: the
 * action answers with SPEC's messages under the fields, with or without JavaScript.
 */
function fieldConstraints(schema: $ZodType): Constraints {
  const known = constraintsBySchema.get(schema);
  if (known) return known;
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  const constraints = Object.fromEntries(
    Object.entries(getZodConstraint(schema))
      .filter(([name]) => name in shape)
      .map(([name, constraint]) => {
        const field = shape[name]!;
        const blankRefused = !field.safeParse("").success && !field.safeParse(undefined).success;
        return [name, { ...constraint, required: blankRefused, pattern: undefined }];
      }),
  );
  constraintsBySchema.set(schema, constraints);
  return constraints;
}
