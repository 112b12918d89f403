import type { RegulatoryPhase } from "~/content/types";
import { Disclaimer } from "./disclaimer";

/** The two-phase UK regulatory pathway, with the no-personalised-advice disclaimer. */
export function RegulatoryPathway({ phases, disclaimer }: { phases: readonly RegulatoryPhase[]; disclaimer: string }) {
  return (
    <div>
      <ol className="grid gap-5 md:grid-cols-2">
        {phases.map((phase, index) => (
          <li key={phase.phase} className="relative rounded-lg border border-navy-200 bg-white p-6">
            <p className="flex items-center gap-3 text-sm font-semibold text-accent-700">
              <span aria-hidden="true" className="grid size-7 place-items-center rounded-full bg-accent-50 text-accent-800 tabular-nums">
                {index + 1}
              </span>
              {phase.phase}
            </p>
            <h3 className="mt-3 text-subheading font-semibold text-navy-950">{phase.title}</h3>
            <p className="mt-2 text-sm leading-6 text-navy-700">{phase.description}</p>
          </li>
        ))}
      </ol>
      <Disclaimer className="mt-6">{disclaimer}</Disclaimer>
    </div>
  );
}
