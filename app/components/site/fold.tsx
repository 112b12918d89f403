import type { ReactNode } from "react";

/**
 * Detail folded away on narrow screens, behind a native disclosure (works without JavaScript), and standing
 * open from 64 rem up where columns leave room for it (app.css, .fold-narrow; decision 0033). A browser that
 * cannot style a disclosure's content shows it closed at every width: still one click away, never lost.
 */
export function FoldOnNarrow({
  summary,
  children,
  className = "",
  tone = "light",
}: {
  summary: ReactNode;
  children: ReactNode;
  className?: string;
  tone?: "light" | "dark";
}) {
  const look =
    tone === "dark" ? "text-accent-300 hover:text-accent-200" : "text-accent-700 hover:text-accent-800";
  return (
    <details className={`fold-narrow group ${className}`}>
      <summary
        className={`flex min-h-11 cursor-pointer list-none items-center gap-2 text-sm font-semibold underline-offset-4 hover:underline [&::-webkit-details-marker]:hidden ${look}`}
      >
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox="0 0 24 24"
          className="size-4 shrink-0 transition-transform group-open:rotate-90"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="m9 6 6 6-6 6" />
        </svg>
        {summary}
      </summary>
      {children}
    </details>
  );
}
