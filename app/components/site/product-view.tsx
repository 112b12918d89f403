import { useId } from "react";

/**
 * An honest product view (issue 38, decision 0033): a window drawn from the site's own copy, the product's
 * name and the features the copy lists, with grey bars where a screen would hold content. It shows no
 * numbers, prices, returns or charts, because nothing here was measured; the caption says it is illustrative.
 */
/** Three columns of tiles in 440 units, two in 320: the text keeps a readable size when the figure is narrow. */
const WIDTHS = { 2: 320, 3: 440 } as const;
const PAD = 14;
const RAIL = 40;
const GAP = 8;
const TITLE_BAR = 30;
const HEADER = 34;
const LINE = 13;

const TONES = {
  light: {
    window: "#ffffff",
    edge: "#c9d4e6",
    bar: "#f3f6fb",
    tile: "#f3f6fb",
    tileEdge: "#e4eaf4",
    text: "#0a1222",
    muted: "#c9d4e6",
    accent: "#04755e",
    pill: "#ecfdf7",
  },
  dark: {
    window: "#121c30",
    edge: "#2c3b58",
    bar: "#0a1222",
    tile: "#0a1222",
    tileEdge: "#1d2a42",
    text: "#ffffff",
    muted: "#2c3b58",
    accent: "#31cfa4",
    pill: "#074c3f",
  },
} as const;

/** Words into lines of at most `limit` characters (a long single word keeps its own line). */
function wrap(text: string, limit: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= limit) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

export function ProductView({
  name,
  features,
  tone = "light",
  caption,
  className = "",
}: {
  name: string;
  features: readonly string[];
  tone?: keyof typeof TONES;
  /** What the figure is drawn from, after "Illustrative:"; defaults to the features on this page. */
  caption?: string;
  className?: string;
}) {
  const id = useId();
  const colour = TONES[tone];
  const columns = features.length > 4 ? 3 : 2;
  const width = WIDTHS[columns];
  const tileWidth = (width - RAIL - PAD * 2 - GAP * (columns - 1)) / columns;
  const titles = features.map((feature) => wrap(feature, Math.floor((tileWidth - 16) / 5.6)));
  const tileHeight = Math.max(56, 26 + Math.max(...titles.map((lines) => lines.length)) * LINE + 4);
  const rows = Math.ceil(features.length / columns);
  const height = TITLE_BAR + HEADER + rows * (tileHeight + GAP) - GAP + PAD * 2;
  const dark = tone === "dark";
  return (
    <figure className={className}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-title`}
        className="h-auto w-full"
        focusable="false"
      >
        <title
          id={`${id}-title`}
        >{`Illustrative: ${name} as an app window with a section for each feature: ${features.join("; ")}.`}</title>
        <rect
          x="0.5"
          y="0.5"
          width={width - 1}
          height={height - 1}
          rx="10"
          fill={colour.window}
          stroke={colour.edge}
        />
        <path d={`M0.5 ${TITLE_BAR}H${width - 0.5}`} stroke={colour.edge} />
        {[16, 30, 44].map((cx) => (
          <circle key={cx} cx={cx} cy={TITLE_BAR / 2} r="4" fill={colour.muted} />
        ))}
        <path d={`M${RAIL} ${TITLE_BAR}V${height - 0.5}`} stroke={colour.edge} />
        {[0, 1, 2, 3, 4].map((i) => (
          <rect
            key={i}
            x={RAIL / 2 - 8}
            y={TITLE_BAR + 14 + i * 28}
            width="16"
            height="16"
            rx="4"
            fill={i === 0 ? colour.accent : colour.muted}
          />
        ))}
        <text x={RAIL + PAD} y={TITLE_BAR + 22} fill={colour.text} fontSize="14" fontWeight="600">
          {name}
        </text>
        <rect x={width - PAD - 78} y={TITLE_BAR + 9} width="78" height="18" rx="9" fill={colour.pill} />
        <text
          x={width - PAD - 39}
          y={TITLE_BAR + 22}
          fill={colour.accent}
          fontSize="10"
          fontWeight="600"
          textAnchor="middle"
        >
          Illustrative
        </text>
        {titles.map((lines, index) => {
          const x = RAIL + PAD + (index % columns) * (tileWidth + GAP);
          const y = TITLE_BAR + HEADER + PAD - 6 + Math.floor(index / columns) * (tileHeight + GAP);
          return (
            <g key={features[index]}>
              <rect
                x={x}
                y={y}
                width={tileWidth}
                height={tileHeight}
                rx="6"
                fill={colour.tile}
                stroke={colour.tileEdge}
              />
              <text x={x + 8} y={y + 17} fill={colour.text} fontSize="10" fontWeight="600">
                {lines.map((line, n) => (
                  <tspan key={line} x={x + 8} dy={n === 0 ? 0 : LINE}>
                    {line}
                  </tspan>
                ))}
              </text>
              <rect
                x={x + 8}
                y={y + tileHeight - 17}
                width={tileWidth - 16}
                height="4"
                rx="2"
                fill={colour.muted}
              />
              <rect
                x={x + 8}
                y={y + tileHeight - 9}
                width={(tileWidth - 16) * 0.6}
                height="4"
                rx="2"
                fill={colour.muted}
              />
            </g>
          );
        })}
      </svg>
      <figcaption className={`mt-3 text-caption ${dark ? "text-navy-200" : "text-navy-600"}`}>
        <strong className={`font-semibold ${dark ? "text-accent-300" : "text-accent-700"}`}>
          Illustrative:{" "}
        </strong>
        {caption ??
          `a sketch of ${name} drawn from the features described on this page, not a screenshot. It shows no data.`}
      </figcaption>
    </figure>
  );
}
