import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { buttonClass } from "~/components/ui/button";
import { CloseIcon, ExternalIcon, MenuIcon } from "~/components/ui/icons";
import { SmartLink } from "~/components/ui/smart-link";
import type { NavItem, SiteLayout } from "~/utils/site-layout";
import { LogoMark } from "./logo";

function isCurrent(url: string, pathname: string): boolean {
  return url.startsWith("/") && (pathname === url || (url !== "/" && pathname.startsWith(`${url}/`)));
}

/** The main menu's links: across the bar on wide screens, a list in the menu button's panel on narrow ones. */
const NAV_STYLES = {
  bar: {
    list: "flex items-center gap-1",
    link: "rounded-md px-3 py-2 text-sm font-medium hover:bg-navy-900 hover:text-white aria-[current=page]:bg-navy-900",
  },
  panel: {
    list: "grid gap-1",
    link: "block rounded-md px-3 py-3 text-base font-medium hover:bg-navy-900 hover:text-white aria-[current=page]:bg-navy-900",
  },
} as const;

function NavLinks({ items, pathname, layout }: { items: NavItem[]; pathname: string; layout: keyof typeof NAV_STYLES }) {
  const { list, link } = NAV_STYLES[layout];
  return (
    <ul className={list}>
      {items.map((item) => {
        const current = isCurrent(item.url, pathname);
        return (
          <li key={item.id}>
            <SmartLink
              href={item.url}
              newTab={item.openInNewTab}
              aria-current={current ? "page" : undefined}
              className={`${link} ${current ? "text-white" : "text-navy-200"}`}
            >
              {item.label}
            </SmartLink>
          </li>
        );
      })}
    </ul>
  );
}

function ExploreButton({ platform, className = "" }: { platform: SiteLayout["platform"]; className?: string }) {
  return (
    <a
      href={platform.url}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClass("primaryOnDark", "sm", className)}
      data-analytics-event="cta_click"
      data-analytics-label="header_explore"
    >
      Explore {platform.name}
      <ExternalIcon className="size-3.5" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * The public header: the company name, the active header menu in display order and the fixed
 * "Explore {platform}" button. Below the large breakpoint the menu is a <details> disclosure, so it
 * opens without JavaScript; with JavaScript it also closes after a navigation and on Escape.
 */
export function SiteHeader({ layout, sticky = true }: { layout: SiteLayout; sticky?: boolean }) {
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  useEffect(() => {
    const details = menu.current;
    if (!details) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    details.addEventListener("keydown", onKey);
    return () => details.removeEventListener("keydown", onKey);
  }, []);

  return (
    <header className={`${sticky ? "sticky top-0 z-40 " : "relative z-30 "}border-b border-navy-800 bg-navy-950 text-white`}>
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" prefetch="intent" className="flex min-w-0 items-center gap-2.5 rounded-sm font-semibold tracking-tight">
          <LogoMark />
          {/* Never cut: on the narrowest phones a long name takes a second line rather than an ellipsis. */}
          <span className="text-sm leading-tight sm:text-lg">{layout.companyName}</span>
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <NavLinks items={layout.headerMenu} pathname={pathname} layout="bar" />
        </nav>

        <div className="flex shrink-0 items-center gap-2">
          <div className="hidden sm:block">
            <ExploreButton platform={layout.platform} />
          </div>
          <details ref={menu} className="group lg:hidden">
            <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md border border-navy-700 px-3 py-2 text-sm font-medium text-white hover:bg-navy-900 [&::-webkit-details-marker]:hidden">
              <MenuIcon className="size-4 group-open:hidden" />
              <CloseIcon className="hidden size-4 group-open:block" />
              <span>Menu</span>
            </summary>
            {/* Under the open menu, the page is dimmed and blurred: its text never shows through or beside the menu. */}
            <div
              aria-hidden="true"
              data-menu-backdrop=""
              className="absolute inset-x-0 top-full h-dvh bg-navy-950/80 backdrop-blur-sm"
            />
            <div className="absolute inset-x-0 top-full max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-navy-800 bg-navy-950 shadow-xl">
              <nav aria-label="Main menu" className="container-page py-4">
                <NavLinks items={layout.headerMenu} pathname={pathname} layout="panel" />
                <div className="mt-4 sm:hidden">
                  <ExploreButton platform={layout.platform} className="w-full" />
                </div>
              </nav>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
