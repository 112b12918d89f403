import type { ReactNode } from "react";

export interface FactItem {
  label: string;
  value: ReactNode;
}

/** Label and value pairs (company snapshot, fact sheet, corporate facts). */
const COLUMNS = { 1: "", 2: "sm:grid-cols-2", 3: "sm:grid-cols-2 lg:grid-cols-3" } as const;

export function FactList({ facts, columns = 1 }: { facts: readonly FactItem[]; columns?: keyof typeof COLUMNS }) {
  return (
    <dl className={`grid gap-x-8 ${COLUMNS[columns]}`}>
      {facts.map((fact) => (
        <div key={fact.label} className="border-t border-navy-200 py-4">
          <dt className="text-sm font-medium text-navy-600">{fact.label}</dt>
          <dd className="mt-1 text-base text-navy-950">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
