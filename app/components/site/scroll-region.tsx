import type { ReactNode } from "react";

/** Content that scrolls sideways on narrow screens (a row of cards, a wide table), named for screen readers. */
export function ScrollRegion({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      // relative: what is positioned inside (screen-reader-only text) stays inside the scroller.
      className={`relative ${className}`}
    >
      {children}
    </div>
  );
}
