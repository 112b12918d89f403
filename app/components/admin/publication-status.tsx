import { Link } from "@remix-run/react";
import { AdminPageHeader } from "./page-header";
import { secondaryButton } from "./styles";

/** As publicationState names it (app/models/publication.server.ts). */
type PublicationState = "draft" | "scheduled" | "published" | "closed";

const STATE_STYLES: Record<PublicationState, string> = {
  draft: "border-navy-400 bg-navy-50 text-navy-800",
  scheduled: "border-amber-700 bg-amber-50 text-amber-900",
  published: "border-green-700 bg-green-50 text-green-900",
  closed: "border-navy-400 bg-white text-navy-700",
};

/** Where a post or role stands: "Draft", "Scheduled for …", "Published …", "Closed on …". */
export function PublicationStatus({ status }: { status: StatusView }) {
  return (
    <span className={`inline-flex items-center rounded border px-1.5 py-0.5 text-xs font-medium ${STATE_STYLES[status.state]}`}>
      {status.at ? <time dateTime={status.at}>{status.label}</time> : status.label}
    </span>
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
