import { adminListPath, COLLECTIONS } from "~/collections";

export interface AdminScreen {
  href: string;
  label: string;
  description: string;
}

/**
 * The admin screens, in the sidebar's order: the dashboard, each collection that has a screen of its own
 * (app/collections), the trash. The sidebar and the operator's home page both list them from here.
 */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  {
    href: "/admin",
    label: "Dashboard",
    description: "Summary figures for the site's content and recent changes.",
  },
  ...COLLECTIONS.flatMap((collection) =>
    collection.screen ? [{ href: adminListPath(collection), ...collection.screen }] : [],
  ),
  {
    href: "/admin/approvals",
    label: "Approvals",
    description: "Changes to financial promotions waiting for a second person's approval.",
  },
  {
    href: "/admin/promotions",
    label: "Promotions",
    description: "The register of financial promotions: every approval, rejection and withdrawal, kept unchanged.",
  },
  {
    href: "/admin/consent",
    label: "Consent",
    description: "Visitors' cookie choices: counts per day, the accept rate, and one visitor's records by consent id.",
  },
  {
    href: "/admin/waitlist",
    label: "Waitlist",
    description: "Visitors waiting for a platform to open: counts, sign-ups per week, export and invitations.",
  },
  {
    href: "/admin/sessions",
    label: "Sessions",
    description: "Where you are signed in: see each browser's session and end any of them.",
  },
  {
    href: "/admin/trash",
    label: "Trash",
    description: "Deleted records, kept for 30 days: restore them or delete them for good.",
  },
];
