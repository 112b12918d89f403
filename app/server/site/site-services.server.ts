import type { SiteServicesData } from "~/components/site/site-services";
import { getMeasurementId } from "~/models/analytics-settings.server";
import { readConsent } from "~/server/forms/consent.server";

/** The public layout's part for the cookie banner and analytics. */
export async function loadSiteServices(request: Request): Promise<SiteServicesData> {
  return { consent: readConsent(request), measurementId: await getMeasurementId() };
}
