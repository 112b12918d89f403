/**
 * The admin screens, in the sidebar's order (SPEC's six, then what the site added): the sidebar and the
 * operator's home page both list them from here.
 */
export const ADMIN_SCREENS = [
  { href: "/admin", label: "Dashboard", description: "Summary figures for the site's content and recent changes." },
  { href: "/admin/hero", label: "Hero Section", description: "The home page's title, subtitle and calls to action." },
  { href: "/admin/stats", label: "Statistics", description: "The figures shown in the home page's statistics strip." },
  { href: "/admin/products", label: "Products", description: "The platforms, their status badges and their order." },
  { href: "/admin/menus", label: "Menu Items", description: "Header, footer and sidebar navigation." },
  { href: "/admin/news", label: "Newsroom", description: "News posts: write, preview, schedule and publish." },
  { href: "/admin/careers", label: "Careers", description: "Open roles: publish, schedule and close them." },
  { href: "/admin/media", label: "Media", description: "Images for posts, link previews and the logo: upload them and edit their alt text." },
  { href: "/admin/legal", label: "Legal", description: "Privacy, terms and cookies: new versions and their history." },
  { href: "/admin/seo", label: "SEO & Analytics", description: "Meta tags, analytics, structured data and company details." },
  { href: "/admin/messages", label: "Messages", description: "Messages sent through the contact form." },
  { href: "/admin/notifications", label: "Notifications", description: "Who is e-mailed about a new message, by its subject." },
  { href: "/admin/redirects", label: "Redirects", description: "Old addresses sent to new ones, retired pages and missing addresses." },
  { href: "/admin/trash", label: "Trash", description: "Deleted records, kept for 30 days: restore them or delete them for good." },
] as const;

export type AdminScreen = (typeof ADMIN_SCREENS)[number];
