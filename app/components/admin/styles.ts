import { buttonClass } from "~/components/ui/button";

/** The admin's form and list looks, in one place. */
export const inputClass =
  "block w-full rounded-md border border-navy-300 bg-white px-3 py-2 text-sm text-navy-900 placeholder:text-navy-500 focus:border-accent-600 focus:outline-2 focus:outline-offset-0 focus:outline-accent-600 aria-[invalid=true]:border-red-700";

export const labelClass = "block text-sm font-medium text-navy-900";

/** A checkbox beside its label: 24 px, above the 24 px target size of WCAG 2.5.8. */
export const checkboxClass = "size-6 rounded border-navy-400 accent-accent-700";

export const hintClass = "text-xs text-navy-600";

export const errorClass = "text-xs font-medium text-red-700";

export const panelClass = "rounded-lg border border-navy-200 bg-white";

export const dangerButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2.5 text-sm font-semibold whitespace-nowrap text-white transition-colors hover:bg-red-800 disabled:opacity-70";

export const primaryButton = buttonClass("primary", "md", "disabled:opacity-70");
export const secondaryButton = buttonClass("secondary", "md");
export const smallSecondaryButton = buttonClass("secondary", "sm", "px-2.5 py-1.5 text-xs");
export const smallDangerButton =
  "inline-flex items-center justify-center rounded-md border border-red-300 bg-white px-2.5 py-1.5 text-xs font-semibold text-red-800 hover:border-red-700 hover:bg-red-50";
