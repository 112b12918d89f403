/**
 * The one button look, for links and buttons alike. Dark variants sit on the navy hero and footer.
 */
export type ButtonVariant = "primary" | "primaryOnDark" | "secondary" | "secondaryOnDark";
export type ButtonSize = "sm" | "md" | "lg";

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-md font-semibold whitespace-nowrap transition-colors no-underline";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-accent-700 text-white hover:bg-accent-800",
  primaryOnDark: "bg-accent-400 text-navy-950 hover:bg-accent-300",
  secondary: "border border-navy-300 bg-white text-navy-900 hover:border-navy-500 hover:bg-navy-50",
  secondaryOnDark: "border border-navy-500 text-white hover:border-navy-300 hover:bg-navy-900",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "px-3 py-2 text-sm",
  md: "px-4 py-2.5 text-sm",
  lg: "px-5 py-3 text-base",
};

export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra = ""): string {
  return [BASE, VARIANTS[variant], SIZES[size], extra].filter(Boolean).join(" ");
}
