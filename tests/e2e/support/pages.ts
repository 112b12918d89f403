/** An address retired with a 410 rule before the server starts (prepare-sessions.ts): redirect 1. */
export const RETIRED_ADDRESS = "/spring-offer-2025";

/**
 * The addresses the browser suites walk: every public page (and the not-found and removed-page notices)
 * and every admin screen.
 */
export const PUBLIC_PAGES = ["/", "/about", "/platforms", "/research", "/investors", "/newsroom", "/newsroom?page=2", "/newsroom/portfolio-manager-enters-beta", "/careers", "/privacy", "/privacy/versions", "/privacy/versions/1", "/terms", "/cookies", "/careers/full-stack-engineer", "/contact", "/search?q=forecasts", "/no-such-page", RETIRED_ADDRESS];

export const ADMIN_SCREENS = [
  "/admin",
  "/admin/hero",
  "/admin/hero/history",
  "/admin/stats",
  "/admin/stats/new",
  "/admin/stats/1/edit",
  "/admin/stats/1/delete",
  "/admin/products",
  "/admin/products/new",
  "/admin/products/1/edit",
  "/admin/products/1/delete",
  "/admin/products/1/history",
  "/admin/menus",
  "/admin/menus/new",
  "/admin/menus/1/edit",
  "/admin/menus/1/delete",
  "/admin/news",
  "/admin/news/new",
  "/admin/news/1/edit",
  "/admin/news/1/delete",
  "/admin/careers",
  "/admin/careers/new",
  "/admin/careers/1/edit",
  "/admin/careers/1/delete",
  "/admin/media",
  "/admin/seo",
  "/admin/seo?tab=analytics",
  "/admin/seo?tab=schema",
  "/admin/seo?tab=company",
  "/admin/messages",
  "/admin/messages/retention",
  "/admin/notifications",
  "/admin/notifications/history",
  "/admin/redirects",
  "/admin/redirects/new",
  "/admin/redirects/import",
  "/admin/redirects/1/edit",
  "/admin/redirects/1/delete",
  "/admin/legal",
  "/admin/legal/privacy",
  "/admin/sessions",
  "/admin/trash",
  "/admin/logout",
];
