import { Link, NavLink } from "@remix-run/react";
import { useRef } from "react";
import { ROLE_LABELS, type OperatorRole } from "~/schemas/operator";

export const LOGOUT_CONFIRMATION = "Are you sure you want to logout?";
export const LOGOUT_URL = "/api/logout";
/** SPEC's question as a page, for a browser without JavaScript. */
const LOGOUT_QUESTION_PAGE = "/admin/logout";

export interface AdminUserSummary {
  firstName: string | null;
  email: string | null;
  role?: OperatorRole;
}

/** A sidebar entry: SPEC's, in its order, and what the site added, those the operator's role may use. */
export interface AdminNavItem {
  href: string;
  label: string;
}

/** The name and address shown, with SPEC's fallbacks, and the avatar's letter. */
export function displayUser(user: AdminUserSummary) {
  const name = user.firstName?.trim() || "Admin User";
  const email = user.email?.trim() || "admin@kestrelinsight.example";
  const initial = (user.firstName?.trim() || email).charAt(0).toUpperCase();
  return { name, email, initial };
}

function navClass({ isActive }: { isActive: boolean }) {
  return [
    "flex items-center justify-between gap-2 rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap lg:px-3 lg:py-2",
    isActive ? "bg-navy-800 text-white" : "text-navy-200 hover:bg-navy-900 hover:text-white",
  ].join(" ");
}

/**
 * A top bar on small screens, a sidebar from large ones. Only a POST signs out (decision 0003). Without
 * JavaScript, Logout opens SPEC's question as a page, whose button posts; with it, the browser's confirm
 * asks the question and a plain form (not Remix's, so the signed-out browser loads the home page afresh)
 * posts to the logout address.
 */
export function AdminSidebar({
  user,
  unread,
  pendingApprovals = 0,
  screens,
}: {
  user: AdminUserSummary;
  unread: number;
  /** Changes to financial promotions waiting for a decision, counted on the Approvals entry. */
  pendingApprovals?: number;
  screens: AdminNavItem[];
}) {
  const { name, email, initial } = displayUser(user);
  const signOut = useRef<HTMLFormElement>(null);
  return (
    // The colour is on the grid cell, which is as tall as the page; the sidebar inside it stays in view.
    <div className="bg-navy-950">
      <aside aria-label="Admin" className="text-white lg:sticky lg:top-0 lg:flex lg:h-screen lg:flex-col">
        <div className="flex items-center justify-between gap-3 px-4 pt-3 lg:flex-col lg:items-start lg:gap-1 lg:px-5 lg:pt-5">
          <Link to="/admin" className="text-sm font-semibold tracking-wide text-white">
            Kestrel Insight <span className="font-normal text-navy-300">Admin</span>
          </Link>
          <Link to="/" className="text-xs text-navy-300 underline-offset-2 hover:text-white hover:underline">
            View site
          </Link>
        </div>
        {/*
          Below lg the entries are one row that scrolls sideways, so the menu does not stand above every screen.
          Positioned, so that the badges' screen-reader text (absolutely placed) scrolls with the row instead of
          widening the page.
        */}
        <nav aria-label="Admin" className="px-2 py-2 lg:flex-1 lg:overflow-y-auto lg:px-3 lg:py-4">
          <ul className="relative flex gap-1 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible lg:pb-0">
            {screens.map((item) => (
              <li key={item.href}>
                <NavLink to={item.href} end={item.href === "/admin"} className={navClass} prefetch="intent">
                  <span>{item.label}</span>
                  {item.href === "/admin/messages" ? <CountBadge count={unread} what="unread" /> : null}
                  {item.href === "/admin/approvals" ? (
                    <CountBadge count={pendingApprovals} what="pending" />
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-3 border-t border-navy-800 px-4 py-2 lg:flex-wrap lg:px-5 lg:py-4">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-400 text-sm font-semibold text-navy-950"
          >
            {initial}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{name}</p>
            <p className="truncate text-xs text-navy-300">{email}</p>
            {user.role ? <p className="text-xs text-navy-300">{ROLE_LABELS[user.role]}</p> : null}
          </div>
          <a
            href={LOGOUT_QUESTION_PAGE}
            className="rounded-md border border-navy-600 px-2.5 py-1.5 text-center text-xs font-semibold text-white hover:border-navy-300 lg:w-full"
            onClick={(event) => {
              event.preventDefault();
              if (window.confirm(LOGOUT_CONFIRMATION)) signOut.current?.submit();
            }}
          >
            Logout
          </a>
          <form ref={signOut} method="post" action={LOGOUT_URL} hidden />
        </div>
      </aside>
    </div>
  );
}

/** How many wait on a screen (none: no badge), and what they are for screen readers ("3 unread"). */
function CountBadge({ count, what }: { count: number; what: string }) {
  if (count <= 0) return null;
  return (
    <span className="rounded-full bg-accent-400 px-1.5 text-xs font-semibold text-navy-950 tabular-nums">
      {count}
      <span className="sr-only"> {what}</span>
    </span>
  );
}
