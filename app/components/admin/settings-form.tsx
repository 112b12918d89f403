import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormMessages } from "./fields";
import { versionToPost, type AdminFormReply } from "./form-reply";
import { HistoryLink } from "./history-link";
import { LoadingStatus } from "./loading-status";
import { AdminPageHeader } from "./page-header";
import { PendingApprovalNotice, type PendingApprovalSummary } from "./pending-approval-notice";
import { panelClass } from "./styles";

/** What a settings screen says of itself. `path` is the screen's URL; its history is under it. */
export interface SettingsScreenText {
  title: string;
  description: string;
  path: string;
  loadingText: string;
}

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
}: SettingsScreenText & { pending?: PendingApprovalSummary | null; children: ReactNode }) {
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
  spacing: "gap-3" | "gap-5";
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
