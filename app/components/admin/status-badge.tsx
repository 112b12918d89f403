import type { ReactNode } from "react";

/** What a status means to the operator, which gives its badge's colours. */
export type BadgeTone = "quiet" | "neutral" | "accent" | "warning" | "good" | "bad";

const TONE_STYLES: Record<BadgeTone, string> = {
  quiet: "border-navy-400 bg-white text-navy-700",
  neutral: "border-navy-400 bg-navy-50 text-navy-800",
  accent: "border-accent-700 bg-accent-50 text-accent-800",
  warning: "border-amber-700 bg-amber-50 text-amber-900",
  good: "border-green-700 bg-green-50 text-green-900",
  bad: "border-red-700 bg-red-50 text-red-800",
};

/** A status in a few words, in a small bordered badge: a notification's, a post's, a redirect's. */
export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded border px-1.5 py-0.5 text-xs font-medium ${TONE_STYLES[tone]}`}
    >
      {children}
    </span>
  );
}
