import type { SiteServicesData } from "~/components/site/site-services";
import { getMeasurementId } from "~/models/analytics-settings.server";
import { readCurrentConsent } from "~/server/forms/consent.server";

/** The public layout's part for the cookie banner and analytics. */
export async function loadSiteServices(request: Request): Promise<SiteServicesData> {
  const [consent, measurementId] = await Promise.all([readCurrentConsent(request), getMeasurementId()]);
  return { consent, measurementId };
}
