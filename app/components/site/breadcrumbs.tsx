import { Link } from "@remix-run/react";
import type { Crumb } from "~/utils/seo";

/** Visible breadcrumbs (the same trail as the BreadcrumbList in the page's JSON-LD). */
export function Breadcrumbs({ trail, tone = "dark" }: { trail: Crumb[]; tone?: "dark" | "light" }) {
  const muted = tone === "dark" ? "text-navy-300" : "text-navy-600";
  const link = tone === "dark" ? "text-navy-200 hover:text-white" : "text-accent-700 hover:text-accent-800";
  return (
    <nav aria-label="Breadcrumb">
      <ol className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-sm ${muted}`}>
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={crumb.path} className="flex items-center gap-2">
              {index > 0 ? <span aria-hidden="true">/</span> : null}
              {last ? (
                <span aria-current="page">{crumb.label}</span>
              ) : (
                <Link to={crumb.path} prefetch="intent" className={`rounded-sm underline-offset-4 hover:underline ${link}`}>
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
