import { z } from "zod";
import { httpUrl, optionalLink, optionalText, recordVersion, requiredText } from "./fields";

/** The hero editor and PUT /api/admin/hero-content. */
export const heroSchema = z.object({
  title: requiredText("Title is required", 200),
  subtitle: requiredText("Subtitle is required", 600),
  primaryCtaText: requiredText("Primary CTA text is required", 80),
  primaryCtaUrl: httpUrl("Must be a valid URL"),
  secondaryCtaText: optionalText(80),
  // SPEC: no format check; only what would be unsafe in a link (javascript: and the like) is refused.
  secondaryCtaUrl: optionalLink(),
  version: recordVersion,
});
export type HeroInput = z.infer<typeof heroSchema>;
