import { useCallback, useEffect, useRef, useState } from "react";
import { ArrowLeftIcon, ArrowRightIcon } from "~/components/ui/icons";
import { groupProducts } from "~/utils/product-status";
import { useHydrated } from "~/utils/hydrated";
import { ProductCard, type PublicProduct } from "./product-card";
import { ScrollRegion } from "~/components/ui/scroll-region";

/** What can be used today leads (live, then beta, then products without a status); the roadmap follows. */
export function carouselOrder<P extends PublicProduct>(products: readonly P[]): P[] {
  const groups = groupProducts(products);
  return [...groups.live, ...groups.beta, ...groups.other, ...groups.comingSoon];
}

/**
 * The home page's row of platform cards. It scrolls sideways by itself (touch, trackpad, the arrow keys once
 * focused), with or without JavaScript; with JavaScript, on screens from 640 px, Previous and Next buttons
 * move it a card's width and are disabled at either end.
 */
export function PlatformRow({ products }: { products: PublicProduct[] }) {
  const ordered = carouselOrder(products);
  const hydrated = useHydrated();
  const row = useRef<HTMLDivElement>(null);
  const [ends, setEnds] = useState({ atStart: true, atEnd: false });
  const measure = useCallback(() => {
    const region = row.current;
    if (!region) return;
    setEnds({
      atStart: region.scrollLeft <= 1,
      atEnd: region.scrollLeft + region.clientWidth >= region.scrollWidth - 1,
    });
  }, []);
  useEffect(() => {
    const region = row.current;
    if (!region) return;
    measure();
    region.addEventListener("scroll", measure, { passive: true });
    window.addEventListener("resize", measure);
    return () => {
      region.removeEventListener("scroll", measure);
      window.removeEventListener("resize", measure);
    };
  }, [measure]);
  const move = (direction: 1 | -1) => {
    const region = row.current;
    const card = region?.querySelector("li");
    if (!region || !card) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    region.scrollBy({
      left: direction * (card.getBoundingClientRect().width + 16),
      behavior: reduce ? "auto" : "smooth",
    });
  };
  const live = ordered.filter((product) => product.badge !== "coming_soon").length;
  const roadmap = ordered.length - live;
  const button =
    "inline-flex size-10 items-center justify-center rounded-full border border-navy-300 bg-white text-navy-900 hover:border-navy-500 hover:bg-navy-50 disabled:cursor-not-allowed disabled:border-navy-200 disabled:text-navy-300 disabled:hover:bg-white";
  return (
    <div>
      {/* scroll-px-1 matches the 4 px padding, so the first card snaps level with the heading above it. */}
      <ScrollRegion
        ref={row}
        label="Platform cards"
        className="-mx-1 snap-x snap-mandatory scroll-px-1 overflow-x-auto overscroll-x-contain px-1 pt-1 pb-4 [scrollbar-color:var(--color-navy-300)_transparent]"
      >
        <ul className="flex w-max gap-4">
          {ordered.map((product) => (
            <li key={product.id} className="w-72 shrink-0 snap-start sm:w-80">
              <ProductCard product={product} context="home" />
            </li>
          ))}
        </ul>
      </ScrollRegion>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-4">
        <p className="text-caption text-navy-600">
          {live} {live === 1 ? "platform" : "platforms"} you can use or join today
          {roadmap > 0 ? `, then ${roadmap} on our roadmap` : ""}.
        </p>
        {hydrated ? (
          <div className="hidden gap-2 sm:flex">
            <button type="button" className={button} onClick={() => move(-1)} disabled={ends.atStart}>
              <ArrowLeftIcon />
              <span className="sr-only">Previous platforms</span>
            </button>
            <button type="button" className={button} onClick={() => move(1)} disabled={ends.atEnd}>
              <ArrowRightIcon />
              <span className="sr-only">Next platforms</span>
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
