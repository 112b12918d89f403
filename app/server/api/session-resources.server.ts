import { z } from "zod";
import type { LiveSession } from "~/models/sessions.server";
import { idNumber, isoTime, named } from "~/server/api/openapi-operations.server";
import { deviceLabel } from "~/utils/device-label";

/**
 * What the sessions API (/api/admin/sessions) answers: an operator's signed-in sessions, named by their
 * public id (never the token or its hash). The OpenAPI document is generated from this.
 */

/** The RFC 8176 `amr` values that mean a second factor was used at sign-in. */
export const SECOND_FACTOR_METHODS: readonly string[] = ["mfa", "otp", "hwk", "swk", "sms", "pop"];

export function usedSecondFactor(authMethods: readonly string[]): boolean {
  return authMethods.some((method) => SECOND_FACTOR_METHODS.includes(method));
}

export const sessionRecord = named(
  z.object({
    id: z.uuid().meta({ description: "The session's public id: what DELETE /api/admin/sessions/{id} takes" }),
    operatorId: idNumber,
    operatorName: z.string(),
    operatorEmail: z.string(),
    device: z
      .string()
      .meta({ description: 'Read from the User-Agent: "Chrome on Windows", or "Unknown device"' }),
    userAgent: z
      .string()
      .meta({ description: "The browser's User-Agent at sign-in (at most 500 characters)" }),
    startedAt: isoTime,
    lastSeenAt: isoTime,
    expiresAt: isoTime.meta({ description: "When it ends at the latest; it ends sooner when left idle" }),
    secondFactor: z.boolean().meta({ description: "Whether a second factor was used at sign-in" }),
    authMethods: z
      .array(z.string())
      .meta({ description: "The identity provider's `amr` (RFC 8176) at sign-in" }),
    current: z.boolean().meta({ description: "Whether this is the session making the request" }),
  }),
  "OperatorSession",
);

export type SessionJson = z.infer<typeof sessionRecord>;

export function sessionJson(session: LiveSession, currentId: string): SessionJson {
  return {
    id: session.publicId,
    operatorId: session.operatorId,
    operatorName: session.operatorName,
    operatorEmail: session.operatorEmail,
    device: deviceLabel(session.userAgent),
    userAgent: session.userAgent,
    startedAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    secondFactor: usedSecondFactor(session.authMethods),
    authMethods: [...session.authMethods],
    current: session.publicId === currentId,
  };
}
