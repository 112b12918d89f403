import { heroContent } from "~db/schema";
import { defaultHero, type HeroFields } from "~/content/defaults";
import type { HeroInput } from "~/schemas/hero";
import type { Actor } from "./actor";
import { previewedSettings } from "./promotion-preview.server";
import { settingsRecord } from "./settings-record.server";

export type HeroContent = HeroFields & { version: number };

const record = settingsRecord({
  table: heroContent,
  entity: "hero content",
  fallback: (): HeroFields => defaultHero,
  fromRow: (row) => ({
    title: row.title,
    subtitle: row.subtitle,
    primaryCtaText: row.primaryCtaText,
    primaryCtaUrl: row.primaryCtaUrl,
    secondaryCtaText: row.secondaryCtaText ?? "",
    secondaryCtaUrl: row.secondaryCtaUrl ?? "",
  }),
});

/** The hero; empty optional fields read as "". Served from the content cache (an approver's preview: the pending hero). */
export async function getHeroContent(): Promise<HeroContent> {
  return previewedSettings("hero-content", await record.get());
}

export function updateHeroContent(input: HeroInput, actor: Actor, expectedVersion?: number) {
  return record.update(
    { ...input, secondaryCtaText: input.secondaryCtaText ?? "", secondaryCtaUrl: input.secondaryCtaUrl ?? "" },
    actor,
    expectedVersion,
  );
}

/** Straight from the database (an editor checking the version it loaded), not the cache. */
export const readHeroContent = record.read;

/** Writes a kept version's values as a new version. */
export const restoreHeroVersion = record.restoreVersion;

/** What its collection's store binds (app/server/collections): read, update, restore, and what visitors get. */
export const heroStoreFunctions = { ...record, update: updateHeroContent };
