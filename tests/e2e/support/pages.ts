/** The addresses the browser suites walk: every public page (and the not-found page) and every admin screen. */
export const PUBLIC_PAGES = ["/", "/about", "/platforms", "/research", "/investors", "/newsroom", "/careers", "/privacy", "/terms", "/cookies", "/contact", "/search?q=forecasts", "/no-such-page"];

export const ADMIN_SCREENS = [
  "/admin",
  "/admin/hero",
  "/admin/stats",
  "/admin/stats/new",
  "/admin/stats/1/edit",
  "/admin/stats/1/delete",
  "/admin/products",
  "/admin/products/new",
  "/admin/products/1/edit",
  "/admin/products/1/delete",
  "/admin/menus",
  "/admin/menus/new",
  "/admin/menus/1/edit",
  "/admin/menus/1/delete",
  "/admin/seo",
  "/admin/seo?tab=analytics",
  "/admin/seo?tab=schema",
  "/admin/seo?tab=company",
  "/admin/messages",
  "/admin/logout",
];
