import { eq } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { heroContent } from "../../db/schema";
import { defaultHero, type HeroFields } from "~/content/defaults";

export type HeroContent = HeroFields & { version: number };

export async function getHeroContent(): Promise<HeroContent> {
  const [row] = await getDb().select().from(heroContent).where(eq(heroContent.id, 1));
  if (!row) return { ...defaultHero, version: 0 };
  return {
    title: row.title,
    subtitle: row.subtitle,
    primaryCtaText: row.primaryCtaText,
    primaryCtaUrl: row.primaryCtaUrl,
    secondaryCtaText: row.secondaryCtaText ?? "",
    secondaryCtaUrl: row.secondaryCtaUrl ?? "",
    version: row.version,
  };
}
