import { hitRateLimit, type RateLimitResult } from "~/models/rate-limit.server";
import { rateLimitSubject } from "./client-address.server";
import { getConfig } from "~/server/config.server";

export type RateLimitScope = "contact" | "signIn" | "adminWrite";

/** Counts one request from this client (an IPv6 client by its /64) against a scope's limit (configured in env). */
export function checkRateLimit(scope: RateLimitScope, clientAddress: string): Promise<RateLimitResult> {
  const { max, windowSeconds } = getConfig().rateLimits[scope];
  return hitRateLimit(`${scope}:${rateLimitSubject(clientAddress)}`, max, windowSeconds);
}

export const RATE_LIMIT_MESSAGE = "Too many requests. Please wait a few minutes and try again.";
