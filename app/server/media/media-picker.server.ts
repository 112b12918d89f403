import type { MediaPickerOptions } from "~/components/admin/media-picker";
import { listMediaChoices, mediaImagesById } from "~/models/media.server";

/** How many of the newest images a picker offers: a long library is browsed on its own screen. */
export const MEDIA_PICKER_LIMIT = 48;

/** A picker's images: the newest MEDIA_PICKER_LIMIT, and the current choices (`chosen`) if they are older. */
export async function mediaPickerOptions(chosen: (number | null)[]): Promise<MediaPickerOptions> {
  const newest = await listMediaChoices(MEDIA_PICKER_LIMIT + 1);
  const images = newest.slice(0, MEDIA_PICKER_LIMIT);
  const older = chosen.filter((id): id is number => id !== null && !images.some((image) => image.id === id));
  const found = await mediaImagesById(older);
  for (const id of new Set(older)) {
    const image = found.get(id);
    if (image) images.push({ id, ...image });
  }
  return { images, newestOnly: newest.length > MEDIA_PICKER_LIMIT ? MEDIA_PICKER_LIMIT : null };
}

/** What a merge panel shows for a picker's values: the alt text of each image, and `none` for no image. */
export async function mediaChoiceLabels(none: string): Promise<Record<string, string>> {
  const labels: Record<string, string> = { "": none };
  for (const image of await listMediaChoices()) labels[String(image.id)] = image.alt;
  return labels;
}
