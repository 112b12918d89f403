import type { MetaDescriptor } from "@remix-run/node";

/** An admin screen's title; admin pages are never indexed. */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Kestrel Insight Admin` }, { name: "robots", content: "noindex, nofollow" }];
}
