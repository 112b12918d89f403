import type { Leader } from "~/content/leaders";
import { FoldOnNarrow } from "./fold";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join("")
    .slice(0, 2)
    .toUpperCase();
}

/**
 * A founder's monogram, not a portrait (there is no photograph to show, and none is invented): the initials
 * inside the mark's colours and an open ring. Decorative: the name is beside it.
 */
function Monogram({ initials }: { initials: string }) {
  return (
    <svg viewBox="0 0 56 56" className="size-14 shrink-0" aria-hidden="true" focusable="false">
      <rect width="56" height="56" rx="14" fill="#0a1222" />
      <circle cx="28" cy="28" r="21" fill="none" stroke="#2c3b58" strokeWidth="1.5" />
      <path d="M28 7a21 21 0 0 1 21 21" fill="none" stroke="#31cfa4" strokeWidth="2" strokeLinecap="round" />
      <text
        x="28"
        y="34.5"
        textAnchor="middle"
        fontSize="18"
        fontWeight="600"
        letterSpacing="0.5"
        fill="#ffffff"
      >
        {initials}
      </text>
    </svg>
  );
}

/** A co-founder: education, research or capstone, focus areas and a short biography. */
export function LeaderCard({ leader }: { leader: Leader }) {
  return (
    <article
      aria-labelledby={`${leader.id}-name`}
      className="flex h-full flex-col rounded-lg border border-navy-200 bg-white p-5 sm:p-8"
    >
      <div className="flex items-center gap-4">
        <Monogram initials={initials(leader.name)} />
        <div>
          <h3 id={`${leader.id}-name`} className="text-subheading font-semibold text-navy-950">
            {leader.name}
          </h3>
          <p className="text-sm font-medium text-accent-700">{leader.role}</p>
        </div>
      </div>
      <p className="mt-4 text-sm leading-6 text-navy-700 sm:mt-5">{leader.bio}</p>

      <FoldOnNarrow
        summary={`${leader.name}: education, ${leader.research.kind.toLowerCase()} and focus areas`}
        className="mt-3"
      >
        <h4 className="mt-3 text-sm font-semibold text-navy-950 lg:mt-6">Education</h4>
        <ul className="mt-2 grid gap-1 text-sm text-navy-700">
          {leader.education.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>

        <h4 className="mt-6 text-sm font-semibold text-navy-950">{leader.research.kind}</h4>
        <p className="mt-2 text-sm font-medium text-navy-900">{leader.research.title}</p>
        <p className="mt-1 text-sm leading-6 text-navy-700">{leader.research.summary}</p>

        <h4 className="mt-6 text-sm font-semibold text-navy-950">Focus areas</h4>
        <ul className="mt-3 flex flex-wrap gap-2">
          {leader.focusAreas.map((area) => (
            <li
              key={area}
              className="rounded-full border border-navy-200 bg-navy-50 px-3 py-1 text-xs font-medium text-navy-800"
            >
              {area}
            </li>
          ))}
        </ul>
      </FoldOnNarrow>
    </article>
  );
}
