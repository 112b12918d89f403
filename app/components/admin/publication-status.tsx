/** As publicationState names it (app/models/publication.server.ts). */
type PublicationState = "draft" | "scheduled" | "published" | "closed";

const STATE_STYLES: Record<PublicationState, string> = {
  draft: "border-navy-400 bg-navy-50 text-navy-800",
  scheduled: "border-amber-700 bg-amber-50 text-amber-900",
  published: "border-green-700 bg-green-50 text-green-900",
  closed: "border-navy-400 bg-white text-navy-700",
};

/** Where a post or role stands: "Draft", "Scheduled for …", "Published …", "Closed on …". */
export function PublicationStatus({ status }: { status: { state: PublicationState; label: string; at: string | null } }) {
  return (
    <span className={`inline-flex items-center rounded border px-1.5 py-0.5 text-xs font-medium ${STATE_STYLES[status.state]}`}>
      {status.at ? <time dateTime={status.at}>{status.label}</time> : status.label}
    </span>
  );
}
