import { getFormProps, type DefaultValue, type FormMetadata } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormMessages } from "./fields";
import { versionToPost, type AdminFormReply } from "./form-reply";
import { HistoryLink } from "./history-link";
import { LoadingStatus } from "./loading-status";
import { AdminPageHeader } from "./page-header";
import { PendingApprovalNotice, type PendingApprovalSummary } from "./pending-approval-notice";
import type { SettingsScreenText } from "./settings-screens";
import { panelClass } from "./styles";
import { useAdminForm } from "./use-admin-form";
import type { $ZodType } from "zod/v4/core";

/**
 * A settings screen (the hero, the notifications): one record edited on its own page, with its history,
 * and (for a financial promotion) the notice of a change waiting for approval.
 */
export function SettingsScreen({
  title,
  description,
  path,
  loadingText,
  pending,
  children,
}: Pick<SettingsScreenText, "title" | "description" | "path" | "loadingText"> & {
  pending?: PendingApprovalSummary | null;
  children: ReactNode;
}) {
  return (
    <>
      <AdminPageHeader
        title={title}
        description={description}
        actions={<HistoryLink to={`${path}/history`} />}
      />
      <LoadingStatus path={path} text={loadingText} />
      {pending === undefined ? null : <PendingApprovalNotice pending={pending} />}
      {children}
    </>
  );
}

/**
 * A settings screen's form (posting to its own route): its messages at the top (and a refused stale save's
 * merge), the version it saves over, then its fields and buttons.
 */
export function SettingsForm<S extends Record<string, unknown>>({
  form,
  version,
  reply,
  spacing,
  children,
}: {
  form: FormMetadata<S>;
  version: number;
  reply: AdminFormReply | undefined;
  /** The gap between its rows: "gap-3" for single fields, "gap-5" for groups of them. */
  spacing: Spacing;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...getFormProps(form)} className={`${panelClass} grid ${spacing} p-4 sm:p-6`}>
      <FormMessages form={form} merge={reply?.merge} />
      <input type="hidden" name="version" value={versionToPost(reply, version)} />
      {children}
    </Form>
  );
}

type Spacing = "gap-3" | "gap-5";

export type SettingsFields<S extends Record<string, unknown>> = ReturnType<FormMetadata<S>["getFieldset"]>;

interface SettingsRecordFormProps<S extends Record<string, unknown>> {
  id: string;
  /** The schema the screen's action parses. */
  schema: $ZodType;
  defaultValue: DefaultValue<S>;
  /** The record's version: the form saves over it, and starts again from the record when it changes. */
  version: number;
  spacing: Spacing;
  children: (fields: SettingsFields<S>, form: FormMetadata<S>) => ReactNode;
}

/**
 * A settings screen's record in its form: Conform over the action's schema, the action's last answer
 * shown, and `children` given the fields to lay out.
 */
export function SettingsRecordForm<S extends Record<string, unknown>>(props: SettingsRecordFormProps<S>) {
  return <RecordFields<S> key={props.version} {...props} />;
}

function RecordFields<S extends Record<string, unknown>>({
  id,
  schema,
  defaultValue,
  version,
  spacing,
  children,
}: SettingsRecordFormProps<S>) {
  const reply = useActionData() as AdminFormReply | undefined;
  const [form, fields] = useAdminForm<S>({ id, schema, reply, defaultValue });
  return (
    <SettingsForm form={form} version={version} reply={reply} spacing={spacing}>
      {children(fields, form)}
    </SettingsForm>
  );
}
