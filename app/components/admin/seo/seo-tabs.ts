/** The four tabs of SEO & Analytics, and the form fields each tab's form posts. */
export const SEO_TABS = [
  { value: "meta", label: "Meta Tags", fields: ["pageTitle", "metaDescription", "keywords", "ogImageId"] },
  { value: "analytics", label: "Analytics", fields: ["gaTrackingId"] },
  {
    value: "schema",
    label: "Schema",
    fields: ["organizationName", "websiteUrl", "logoUrl", "logoImageId", "contactEmail", "socialUrls"],
  },
  { value: "company", label: "Company", fields: ["companyName", "contactEmail", "footerCopyright"] },
] as const;

export type SeoTab = (typeof SEO_TABS)[number]["value"];

export function isSeoTab(value: unknown): value is SeoTab {
  return SEO_TABS.some((tab) => tab.value === value);
}

export function seoTabUrl(tab: SeoTab): string {
  return tab === "meta" ? "/admin/seo" : `/admin/seo?tab=${tab}`;
}

export function tabFields(tab: SeoTab): readonly string[] {
  return SEO_TABS.find((item) => item.value === tab)?.fields ?? [];
}

export function tabLabel(tab: SeoTab): string {
  return SEO_TABS.find((item) => item.value === tab)?.label ?? tab;
}
