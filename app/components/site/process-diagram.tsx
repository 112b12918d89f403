/**
 * A process drawn as numbered steps joined by a line: a diagram of how something is done, built from the
 * page's own copy. It shows no results (the research page's method, not an accuracy chart nobody measured).
 */
export function ProcessDiagram({
  steps,
  caption,
  className = "",
}: {
  steps: readonly { title: string; detail: string }[];
  caption: string;
  className?: string;
}) {
  return (
    <figure className={`rounded-lg border border-navy-200 bg-white p-5 sm:p-6 ${className}`}>
      <ol className="grid gap-4 sm:grid-cols-5 sm:gap-3">
        {steps.map((step, index) => (
          <li key={step.title} className="relative flex gap-3 sm:flex-col">
            {index < steps.length - 1 ? (
              <span
                aria-hidden="true"
                className="absolute top-8 -bottom-4 left-4 w-px bg-navy-300 sm:top-4 sm:right-[-0.75rem] sm:bottom-auto sm:left-8 sm:h-px sm:w-auto"
              />
            ) : null}
            <svg
              aria-hidden="true"
              focusable="false"
              viewBox="0 0 32 32"
              className="relative size-8 shrink-0"
            >
              <circle cx="16" cy="16" r="15" fill={index === steps.length - 1 ? "#04755e" : "#0a1222"} />
              <text x="16" y="21" textAnchor="middle" fontSize="14" fontWeight="600" fill="#ffffff">
                {index + 1}
              </text>
            </svg>
            <div className="pt-1 sm:pt-0">
              <p className="text-sm font-semibold text-navy-950">{step.title}</p>
              <p className="mt-0.5 text-caption text-navy-700">{step.detail}</p>
            </div>
          </li>
        ))}
      </ol>
      <figcaption className="mt-5 border-t border-navy-200 pt-4 text-caption text-navy-600">
        <strong className="font-semibold text-accent-700">Diagram: </strong>
        {caption}
      </figcaption>
    </figure>
  );
}
