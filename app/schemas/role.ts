import { z } from "zod";
import { displayOrder, recordVersion, requiredText, statedCheckbox } from "./fields";
import { optionalSlug, optionalTime, publicationStatus, withSlug } from "./publication";

export const EMPLOYMENT_TYPES = ["full_time", "part_time", "contract", "internship"] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

/** As a role's card shows it. */
export const EMPLOYMENT_TYPE_LABELS: Record<EmploymentType, string> = {
  full_time: "Full-time, permanent",
  part_time: "Part-time, permanent",
  contract: "Fixed-term contract",
  internship: "Internship",
};

/** schema.org JobPosting employmentType values. */
export const SCHEMA_EMPLOYMENT_TYPES: Record<EmploymentType, string> = {
  full_time: "FULL_TIME",
  part_time: "PART_TIME",
  contract: "CONTRACTOR",
  internship: "INTERN",
};

export const ROLE_MESSAGES = {
  titleRequired: "Title is required",
  teamRequired: "Team is required",
  locationRequired: "Location is required",
  employmentType: "Choose an employment type",
  summaryRequired: "Summary is required",
  bodyRequired: "Body is required",
  closesBeforePublish: "Closes at must be after Publish at",
  slugTaken: (slug: string) => `A role with the slug "${slug}" already exists: choose another`,
} as const;

/** A role closes after it opens: the editor's check, also kept on the API's strict bodies. */
export function closesAfterPublish(value: { publishAt: Date | null; closesAt: Date | null }, ctx: z.RefinementCtx): void {
  if (value.closesAt && value.publishAt && value.closesAt <= value.publishAt) {
    ctx.addIssue({ code: "custom", path: ["closesAt"], message: ROLE_MESSAGES.closesBeforePublish });
  }
}

/** The role editor and POST/PUT /api/admin/roles. */
export const roleSchema = z
  .object({
    title: requiredText(ROLE_MESSAGES.titleRequired, 200),
    slug: optionalSlug,
    team: requiredText(ROLE_MESSAGES.teamRequired, 120),
    location: requiredText(ROLE_MESSAGES.locationRequired, 200),
    employmentType: z.enum(EMPLOYMENT_TYPES, { error: ROLE_MESSAGES.employmentType }),
    summary: requiredText(ROLE_MESSAGES.summaryRequired, 1000),
    body: requiredText(ROLE_MESSAGES.bodyRequired, 100_000),
    status: publicationStatus,
    publishAt: optionalTime,
    closesAt: optionalTime,
    displayOrder,
    financialPromotion: statedCheckbox.meta({
      description:
        "Whether the role's advert is a financial promotion (while approval is on, publishing it waits for an approver). Missing: not one; on an update, it stays as it was.",
    }),
    version: recordVersion,
  })
  .superRefine(closesAfterPublish)
  .transform(withSlug);
export type RoleInput = z.infer<typeof roleSchema>;
