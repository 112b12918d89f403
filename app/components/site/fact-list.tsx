import type { ReactNode } from "react";

export interface FactItem {
  label: string;
  value: ReactNode;
  /** A long value (an address, a list) takes a whole row where short facts sit two to a row. */
  wide?: boolean;
}

/** Label and value pairs (company snapshot, fact sheet, corporate facts). */
// "dense": short facts two to a row even on a phone (the home page's snapshot, beside its copy on wide screens).
const COLUMNS = {
  1: "",
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  dense: "grid-cols-2",
} as const;

export function FactList({
  facts,
  columns = 1,
}: {
  facts: readonly FactItem[];
  columns?: keyof typeof COLUMNS;
}) {
  return (
    <dl className={`grid gap-x-8 ${COLUMNS[columns]}`}>
      {facts.map((fact) => (
        <div
          key={fact.label}
          className={`border-t border-navy-200 py-3 sm:py-4 ${fact.wide && columns === "dense" ? "col-span-2 sm:col-span-1" : ""}`}
        >
          <dt className="text-sm font-medium text-navy-600">{fact.label}</dt>
          <dd className="mt-1 text-base text-navy-950">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
