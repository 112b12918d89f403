import type { ReactNode } from "react";
import type { Section as ContentSection } from "~/content/types";
import { slugify } from "~/utils/slug";

const TONES = {
  white: "bg-white",
  muted: "bg-navy-50",
  dark: "bg-navy-950 text-white",
} as const;

export type SectionTone = keyof typeof TONES;

/**
 * A page section: an h2 with an anchor (the search results link to it), an optional intro, content.
 * Sections alternate between white and a faint navy tint.
 */
export function PageSection({
  heading,
  id = slugify(heading),
  eyebrow,
  intro,
  tone = "white",
  narrow = false,
  children,
}: {
  heading: string;
  id?: string;
  eyebrow?: string;
  intro?: ReactNode;
  tone?: SectionTone;
  narrow?: boolean;
  children?: ReactNode;
}) {
  const dark = tone === "dark";
  const header = (
    <div className="max-w-3xl">
      {eyebrow ? (
        <p className={`text-caption font-semibold tracking-wider uppercase ${dark ? "text-accent-300" : "text-accent-700"}`}>{eyebrow}</p>
      ) : null}
      <h2 id={`${id}-heading`} className={`${eyebrow ? "mt-2" : ""} text-heading font-semibold text-balance`}>
        {heading}
      </h2>
      {intro ? <div className={`mt-4 text-lead ${dark ? "text-navy-200" : "text-navy-600"}`}>{intro}</div> : null}
    </div>
  );
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={`${TONES[tone]} scroll-mt-16 py-section lg:py-20`}>
      {narrow ? (
        // Text-only sections: the heading beside the copy on wide screens, so lines stay readable.
        <div className="container-page grid gap-group lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-16">
          {header}
          {children ? <div className="max-w-3xl">{children}</div> : null}
        </div>
      ) : (
        <div className="container-page">
          {header}
          {children ? <div className="mt-group">{children}</div> : null}
        </div>
      )}
    </section>
  );
}

/** Paragraphs, then a bulleted list: the body of a content Section. */
export function Prose({ paragraphs, bullets, tone = "light" }: { paragraphs: readonly string[]; bullets?: readonly string[]; tone?: "light" | "dark" }) {
  const text = tone === "dark" ? "text-navy-200" : "text-navy-700";
  return (
    <div className={`grid gap-stack text-body ${text}`}>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {bullets && bullets.length > 0 ? <BulletList items={bullets} /> : null}
    </div>
  );
}

export function BulletList({ items, className = "" }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={`grid gap-3 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-accent-600" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** A content Section (id, heading, paragraphs, bullets) as a page section. */
export function ContentSection({ section, tone }: { section: ContentSection; tone?: SectionTone }) {
  return (
    <PageSection heading={section.heading} id={section.id} tone={tone} narrow>
      <Prose paragraphs={section.paragraphs} bullets={section.bullets} />
    </PageSection>
  );
}
