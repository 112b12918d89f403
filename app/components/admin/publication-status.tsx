import { Link } from "@remix-run/react";
import { AdminPageHeader } from "./page-header";
import { StatusBadge, type BadgeTone } from "./status-badge";
import { secondaryButton } from "./styles";

/** As publicationState names it (app/models/publication.server.ts). */
type PublicationState = "draft" | "scheduled" | "published" | "closed";

const STATE_TONES: Record<PublicationState, BadgeTone> = {
  draft: "neutral",
  scheduled: "warning",
  published: "good",
  closed: "quiet",
};

/** Where a post or role stands: "Draft", "Scheduled for …", "Published …", "Closed on …". */
export function PublicationStatus({ status }: { status: StatusView }) {
  return (
    <StatusBadge tone={STATE_TONES[status.state]}>
      {status.at ? <time dateTime={status.at}>{status.label}</time> : status.label}
    </StatusBadge>
  );
}

type StatusView = { state: PublicationState; label: string; at: string | null };

/** The top of a post's or role's editor: its name, a link to its public page (a preview until live), its status. */
export function PublishingEditorHeader({
  title,
  name,
  publicPath,
  status,
  listPath,
  listLabel,
}: {
  title: string;
  name: string;
  publicPath: string;
  status: StatusView;
  listPath: string;
  listLabel: string;
}) {
  return (
    <>
      <AdminPageHeader
        title={title}
        description={name}
        actions={
          <>
            <a href={publicPath} className={secondaryButton}>
              {status.state === "published" ? "View" : "Preview"}
              <span className="sr-only"> {name}</span>
            </a>
            <Link to={listPath} className={secondaryButton}>
              {listLabel}
            </Link>
          </>
        }
      />
      <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-navy-700">
        Status: <PublicationStatus status={status} />
      </p>
    </>
  );
}
