import type { ReactNode } from "react";

/** A risk or regulatory notice: quiet, but never below AA contrast. */
export function Disclaimer({ children, className = "", tone = "light" }: { children: ReactNode; className?: string; tone?: "light" | "dark" }) {
  const look = tone === "dark" ? "border-navy-700 text-navy-300" : "border-navy-200 bg-navy-50 text-navy-700";
  return (
    <p className={`rounded-md border px-4 py-3 text-sm leading-6 ${look} ${className}`}>
      <strong className="font-semibold">Important: </strong>
      {children}
    </p>
  );
}
