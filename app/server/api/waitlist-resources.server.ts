import { z } from "zod";
import { WAITLIST_STATUSES } from "~db/schema";
import type { WaitlistEntry, WaitlistSummary } from "~/models/waitlist.server";
import { waitlistSchema, waitlistTokenSchema } from "~/schemas/waitlist";
import { idNumber, isoTime, named } from "~/server/api/openapi-operations.server";

/**
 * What the waitlist API takes and answers (issue 40): joining, confirming and unsubscribing (anyone), and
 * the list and its counts (editors and admins). The OpenAPI document is generated from these.
 */

export const waitlistJoinRequest = named(z.strictObject(waitlistSchema.shape), "WaitlistJoin");
export const waitlistTokenRequest = named(z.strictObject(waitlistTokenSchema.shape), "WaitlistToken");

export const waitlistEntryRecord = named(
  z.object({
    id: idNumber,
    email: z.string().meta({ description: "Lower-case" }),
    firstName: z.string().nullable(),
    platforms: z.array(z.number().int()).meta({ description: "The ids of the products wanted" }),
    status: z.enum(WAITLIST_STATUSES),
    createdAt: isoTime,
    confirmedAt: isoTime.nullable(),
    invitedAt: isoTime.nullable(),
    unsubscribedAt: isoTime.nullable(),
  }),
  "WaitlistEntry",
);

export const waitlistSummaryRecord = named(
  z.object({
    platforms: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        slug: z.string(),
        pending: z.number().int(),
        confirmed: z.number().int(),
        unsubscribed: z.number().int(),
        invited: z.number().int().meta({ description: "Confirmed entries marked invited" }),
      }),
    ),
    weeks: z
      .array(
        z.object({
          week: z.iso.date().meta({ description: "The Monday the week starts (UTC)" }),
          signUps: z.number().int(),
        }),
      )
      .meta({ description: "Sign-ups per week, oldest first: the last 12 weeks that had any" }),
  }),
  "WaitlistSummary",
);

export function waitlistEntryJson(entry: WaitlistEntry): z.infer<typeof waitlistEntryRecord> {
  return {
    id: entry.id,
    email: entry.email,
    firstName: entry.firstName,
    platforms: entry.platforms,
    status: entry.status,
    createdAt: entry.createdAt.toISOString(),
    confirmedAt: entry.confirmedAt?.toISOString() ?? null,
    invitedAt: entry.invitedAt?.toISOString() ?? null,
    unsubscribedAt: entry.unsubscribedAt?.toISOString() ?? null,
  };
}

export function waitlistSummaryJson(summary: WaitlistSummary): z.infer<typeof waitlistSummaryRecord> {
  return summary;
}
