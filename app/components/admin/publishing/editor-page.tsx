import { Link, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { PreviewReply, PublicationStatusView } from "~/server/forms/publishing-action.server";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { RecordHistoryLink } from "~/components/admin/history-link";
import { AdminPageHeader } from "~/components/admin/page-header";
import { PreviewLinksPanel, type PreviewLinkView } from "~/components/admin/preview-links-panel";
import { PublishingEditorHeader } from "~/components/admin/publication-status";
import { secondaryButton } from "~/components/admin/styles";

/** Which collection a screen edits: its admin section (/admin/{section}) and what one record is called. */
interface CollectionNames {
  section: "news" | "careers";
  /** "post" or "role". */
  noun: string;
}

/**
 * A post's or a role's editor: its header and history, its form (given the save's answer), anything the
 * collection adds below it (`children`), and the preview links.
 */
export function PublishingEditorPage({
  section,
  noun,
  record,
  status,
  links,
  form,
  children,
}: CollectionNames & {
  record: { title: string; path: string };
  status: PublicationStatusView;
  links: PreviewLinkView[];
  form: (reply: AdminFormReply | undefined) => ReactNode;
  children?: ReactNode;
}) {
  const answer = useActionData() as AdminFormReply | PreviewReply | undefined;
  const preview = answer && "previewUrl" in answer ? answer : undefined;
  const reply = answer && "result" in answer ? answer : undefined;
  return (
    <>
      <PublishingEditorHeader
        title={`Edit ${noun}`}
        name={record.title}
        publicPath={record.path}
        status={status}
        listPath={`/admin/${section}`}
        listLabel={`Back to ${noun}s`}
      />
      <RecordHistoryLink section={section} />
      {form(reply)}
      {children}
      <PreviewLinksPanel noun={noun} links={links} created={preview} live={status.state === "published"} />
    </>
  );
}

/** The screen that writes a new post or role: a header back to the list, and the form given the save's answer. */
export function NewPublicationPage({
  section,
  noun,
  description,
  form,
}: CollectionNames & { description: string; form: (reply: AdminFormReply | undefined) => ReactNode }) {
  const reply = useActionData() as AdminFormReply | undefined;
  return (
    <>
      <AdminPageHeader
        title={`New ${noun}`}
        description={description}
        actions={
          <Link to={`/admin/${section}`} className={secondaryButton}>
            {`Back to ${noun}s`}
          </Link>
        }
      />
      {form(reply)}
    </>
  );
}
