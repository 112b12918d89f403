import { forwardRef, type ReactNode } from "react";

/**
 * Content that scrolls in its own box (a row of cards, a wide table, a long list), named for screen readers
 * by `label` or by the element `labelledBy` names, and reachable by keyboard so that it can be scrolled
 * without a pointer.
 */
export const ScrollRegion = forwardRef<
  HTMLDivElement,
  { label?: string; labelledBy?: string; className: string; children: ReactNode }
>(function ScrollRegion({ label, labelledBy, className, children }, ref) {
  return (
    <div
      ref={ref}
      role="region"
      aria-label={label}
      aria-labelledby={labelledBy}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      // relative: what is positioned inside (screen-reader-only text) stays inside the scroller.
      className={`relative ${className}`}
    >
      {children}
    </div>
  );
});
