import { createContext, type ReactNode } from "react";

/**
 * Across the top of an approver's preview of a pending financial promotion (decision 0027): the page below is
 * the real public page with the change in place, and nobody outside the admin sees it.
 */
export const PROMOTION_PREVIEW_HEADING = "Preview of a pending version — not live";

/**
 * The banner, given by the document to the page's frame, which shows it right after the skip link: the skip
 * link stays the first link of the page (a link to another page before it would stop it being one).
 */
export const PromotionPreviewSlot = createContext<ReactNode>(null);

export function PromotionPreviewBanner({ backTo }: { backTo: string }) {
  return (
    <section aria-label="Preview" className="border-b-4 border-amber-500 bg-amber-50">
      <div className="container-page flex flex-wrap items-center justify-between gap-3 py-3 text-sm text-amber-950">
        <p>
          <strong className="font-semibold">{PROMOTION_PREVIEW_HEADING}.</strong> This is the page as visitors
          would see it once the change is approved. Visitors see the live version until then. Its buttons and
          menus do not work here.
        </p>
        {/* A plain link: the preview has no scripts. */}
        <a href={backTo} className="rounded-sm font-medium underline underline-offset-4 hover:text-amber-800">
          Back to the review
        </a>
      </div>
    </section>
  );
}
