import { companySettings } from "./company-settings";
import { cookieRegister } from "./cookie-register";
import { hero } from "./hero";
import { legalDocuments } from "./legal-documents";
import { media } from "./media";
import { menuItems } from "./menu-items";
import { messages } from "./messages";
import { notificationSettings } from "./notification-settings";
import { operators } from "./operators";
import { posts } from "./posts";
import { products } from "./products";
import { redirects } from "./redirects";
import { regulatoryStatus } from "./regulatory-status";
import { riskWarnings } from "./risk-warnings";
import { roles } from "./roles";
import { seoSettings } from "./seo-settings";
import { statistics } from "./statistics";
import type { CollectionDefinition } from "./definition";

/** Every collection, in the admin sidebar's order: SPEC's screens first, then what the site added. */
export const COLLECTIONS = [
  hero,
  statistics,
  products,
  menuItems,
  posts,
  roles,
  media,
  legalDocuments,
  seoSettings,
  companySettings,
  regulatoryStatus,
  riskWarnings,
  messages,
  notificationSettings,
  cookieRegister,
  redirects,
  operators,
] as const satisfies readonly CollectionDefinition[];
