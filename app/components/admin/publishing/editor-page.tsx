import { Link, useActionData } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import type { PreviewReply, PublicationStatusView } from "~/server/forms/publishing-action.server";
import { adminListPath } from "~/collections";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { RecordHistoryLink } from "~/components/admin/history-link";
import { AdminPageHeader } from "~/components/admin/page-header";
import { PreviewLinksPanel, type PreviewLinkView } from "~/components/admin/preview-links-panel";
import { PublishingEditorHeader } from "~/components/admin/publication-status";
import { secondaryButton } from "~/components/admin/styles";
import type { PublishingScreenCollection } from "./collection";
import type { PublicationFormProps } from "./publication-record-form";
import { PublishNowPanel } from "./publish-now";

/** What the editor gives its form: the record (values, version, published), the clock and the save's answer. */
type EditorFormProps<TValue> = Omit<PublicationFormProps, "live"> & { defaultValue: TValue };

/**
 * A post's or a role's editor: its header and history, its form (given the record, the clock and the
 * save's answer, and remade when the record's version changes), anything the collection adds below it
 * (`children`), and the preview links.
 */
export function PublishingEditorPage<TRecord extends { title: string; path: string; version: number; published: boolean }>({
  collection: { section, noun },
  record,
  status,
  links,
  now,
  form,
  children,
}: {
  collection: PublishingScreenCollection;
  record: TRecord;
  status: PublicationStatusView;
  links: PreviewLinkView[];
  /** The loader's time (ms). */
  now: number;
  form: (props: EditorFormProps<TRecord>) => ReactNode;
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
        listPath={adminListPath({ section })}
        listLabel={`Back to ${noun}s`}
      />
      <RecordHistoryLink section={section} />
      <Fragment key={record.version}>
        {form({ defaultValue: record, version: record.version, published: record.published, now, reply })}
      </Fragment>
      {status.state === "scheduled" ? <PublishNowPanel noun={noun} scheduledFor={status.label} version={record.version} /> : null}
      {children}
      <PreviewLinksPanel noun={noun} links={links} created={preview} live={status.state === "published"} />
    </>
  );
}

/**
 * The screen that writes a new post or role: a header back to the list, and the form (a draft's: Save draft
 * and Publish) given the clock and the save's answer.
 */
export function NewPublicationPage({
  collection: { section, noun },
  description,
  now,
  form,
}: {
  collection: PublishingScreenCollection;
  description: string;
  /** The loader's time (ms). */
  now: number;
  form: (props: PublicationFormProps) => ReactNode;
}) {
  const reply = useActionData() as AdminFormReply | undefined;
  return (
    <>
      <AdminPageHeader
        title={`New ${noun}`}
        description={description}
        actions={
          <Link to={adminListPath({ section })} className={secondaryButton}>
            {`Back to ${noun}s`}
          </Link>
        }
      />
      {form({ published: false, live: false, now, reply })}
    </>
  );
}
