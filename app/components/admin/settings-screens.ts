/**
 * What each settings screen says: its header, the text while it loads, and SPEC's toasts of a save.
 * `path` is the screen's URL (its history is under it, and a save comes back to it).
 */
export interface SettingsScreenText {
  title: string;
  description: string;
  path: string;
  loadingText: string;
  successMessage: string;
  failureMessage: string;
}

export const SETTINGS_SCREENS = {
  hero: {
    title: "Hero Section",
    description: "The title, subtitle and calls to action at the top of the home page.",
    path: "/admin/hero",
    loadingText: "Loading hero content...",
    successMessage: "Hero content updated successfully!",
    failureMessage: "Failed to update hero content. Please try again.",
  },
  regulatory: {
    title: "Regulatory Status",
    description:
      "The firm's legal and regulatory facts. Every public page's footer, the Organization JSON-LD and GET /api/regulatory-status are generated from them.",
    path: "/admin/regulatory",
    loadingText: "Loading regulatory status...",
    successMessage: "Regulatory status updated successfully!",
    failureMessage: "Failed to update the regulatory status. Please try again.",
  },
  riskWarnings: {
    title: "Risk Warnings",
    description:
      "The warning each high-risk class of product carries, at the top of every page that promotes one and beside its card.",
    path: "/admin/risk-warnings",
    loadingText: "Loading risk warnings...",
    successMessage: "Risk warnings updated successfully!",
    failureMessage: "Failed to update the risk warnings. Please try again.",
  },
  notifications: {
    title: "Notifications",
    description: "Who is e-mailed when a visitor sends a message, by its subject.",
    path: "/admin/notifications",
    loadingText: "Loading notification settings...",
    successMessage: "Notification settings updated successfully!",
    failureMessage: "Failed to update notification settings. Please try again.",
  },
  cookies: {
    title: "Cookies",
    description: "Every cookie and storage item the site sets, as the cookie policy lists them.",
    path: "/admin/cookies",
    loadingText: "Loading the cookie register...",
    successMessage: "Cookie register updated successfully!",
    failureMessage: "Failed to update the cookie register. Please try again.",
  },
} satisfies Record<string, SettingsScreenText>;
