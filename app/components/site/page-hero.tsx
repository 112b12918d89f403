import type { ReactNode } from "react";
import { breadcrumbTrail, type SeoPage } from "~/utils/seo";
import { Breadcrumbs } from "./breadcrumbs";

/**
 * The dark band at the top of every inner page: breadcrumbs, eyebrow, the page's one h1, an intro and
 * optional actions. `aside` sits beside the text on wide screens. In an article (a post) it is the
 * article's header, and `roomForCover` leaves space for the cover image that overlaps its foot.
 */
export function PageHero({
  page,
  eyebrow,
  heading,
  intro,
  children,
  aside,
  as: Element = "section",
  roomForCover = false,
}: {
  page: SeoPage;
  eyebrow?: string;
  heading: string;
  intro?: ReactNode;
  children?: ReactNode;
  aside?: ReactNode;
  as?: "section" | "header";
  roomForCover?: boolean;
}) {
  const padding = roomForCover ? "pt-section pb-24 sm:pt-20 sm:pb-32" : "py-section sm:py-20";
  return (
    <Element
      aria-labelledby={Element === "section" ? "page-title" : undefined}
      className="relative overflow-hidden bg-navy-950 text-white"
    >
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(49,207,164,0.16),transparent_60%)]" />
      <div className={`container-page relative ${padding} ${aside ? "grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-end" : ""}`}>
        <div className="max-w-3xl">
          <Breadcrumbs trail={breadcrumbTrail(page)} />
          {eyebrow ? <p className="mt-8 text-caption font-semibold tracking-wider text-accent-300 uppercase">{eyebrow}</p> : null}
          <h1 id="page-title" className={`${eyebrow ? "mt-3" : "mt-8"} text-title font-semibold text-balance`}>
            {heading}
          </h1>
          {intro ? <div className="mt-6 text-lead text-navy-200">{intro}</div> : null}
          {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
        </div>
        {aside}
      </div>
    </Element>
  );
}
