/** Small decorative icons; each is hidden from assistive technology, the text beside it carries the meaning. */
interface IconProps {
  className?: string;
}

/** What an icon is drawn from: a path's `d`, or a circle. */
type Shape = string | { cx: number; cy: number; r: number };

/** An icon component drawing `shapes`, in order, with the icons' shared stroke. */
function icon(shapes: readonly Shape[]) {
  return function Icon({ className = "size-4" }: IconProps) {
    return (
      <svg
        className={className}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {shapes.map((shape, index) =>
          typeof shape === "string" ? <path key={index} d={shape} /> : <circle key={index} {...shape} />,
        )}
      </svg>
    );
  };
}

export const ExternalIcon = icon([
  "M14 4h6v6",
  "M20 4 10 14",
  "M19 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h5",
]);
export const ArrowRightIcon = icon(["M5 12h14", "m13 6 6 6-6 6"]);
export const DownloadIcon = icon(["M12 4v11", "m7 10 5 5 5-5", "M5 20h14"]);
export const MenuIcon = icon(["M4 7h16", "M4 12h16", "M4 17h16"]);
export const CloseIcon = icon(["M6 6l12 12", "M18 6 6 18"]);
export const SearchIcon = icon([{ cx: 11, cy: 11, r: 6.5 }, "m20 20-4.2-4.2"]);
export const CheckIcon = icon(["m5 12.5 4.5 4.5L19 7.5"]);
export const ArrowLeftIcon = icon(["M19 12H5", "m11 6-6 6 6 6"]);
