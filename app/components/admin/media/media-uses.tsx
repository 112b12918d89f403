import { Link } from "@remix-run/react";
import type { MediaUseView } from "./media-views";

const linkClass = "font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800";

/** Where an image is used, each place linked to the screen that changes it; "Not used" when nowhere. */
export function MediaUseList({ uses, className = "" }: { uses: MediaUseView[]; className?: string }) {
  if (!uses.length) return <p className={`text-navy-600 ${className}`}>Not used</p>;
  return (
    <ul className={`grid gap-1 ${className}`}>
      {uses.map((use) => (
        <li key={use.href + use.label} className="break-words">
          <Link to={use.href} className={linkClass}>
            {use.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
