import type { Leader } from "~/content/leaders";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join("")
    .slice(0, 2)
    .toUpperCase();
}

/** A co-founder: education, research or capstone, focus areas and a short biography. */
export function LeaderCard({ leader }: { leader: Leader }) {
  return (
    <article aria-labelledby={`${leader.id}-name`} className="flex h-full flex-col rounded-lg border border-navy-200 bg-white p-6 sm:p-8">
      <div className="flex items-center gap-4">
        <span aria-hidden="true" className="grid size-14 shrink-0 place-items-center rounded-full bg-navy-950 text-lg font-semibold text-accent-300">
          {initials(leader.name)}
        </span>
        <div>
          <h3 id={`${leader.id}-name`} className="text-subheading font-semibold text-navy-950">
            {leader.name}
          </h3>
          <p className="text-sm font-medium text-accent-700">{leader.role}</p>
        </div>
      </div>
      <p className="mt-5 text-sm leading-6 text-navy-700">{leader.bio}</p>

      <h4 className="mt-6 text-sm font-semibold text-navy-950">Education</h4>
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
          <li key={area} className="rounded-full border border-navy-200 bg-navy-50 px-3 py-1 text-xs font-medium text-navy-800">
            {area}
          </li>
        ))}
      </ul>
    </article>
  );
}
