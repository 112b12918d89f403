import type { ReactNode } from "react";
import type { Card as CardContent } from "~/content/types";
import { FoldOnNarrow } from "./fold";
import { PageSection, type SectionTone } from "./section";

/** A hairline-bordered card with a small radius: the same look for every card on the site. */
export function Card({
  title,
  children,
  headingLevel = 3,
  className = "",
  footer,
}: {
  title: ReactNode;
  children?: ReactNode;
  headingLevel?: 3 | 4;
  className?: string;
  footer?: ReactNode;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <div
      className={`flex h-full flex-col rounded-lg border border-navy-200 bg-white p-5 sm:p-6 ${className}`}
    >
      <Heading className="text-subheading font-semibold text-navy-950">{title}</Heading>
      {children ? <div className="mt-3 flex-1 text-sm leading-6 text-navy-700">{children}</div> : null}
      {footer ? <div className="mt-5">{footer}</div> : null}
    </div>
  );
}

const COLUMNS = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
} as const;

/**
 * Cards from content (title + description) in a responsive grid. With `fold`, the cards after the first
 * `fold.after` wait behind a disclosure on narrow screens (one grid again from 64 rem up).
 */
export function CardGrid({
  cards,
  columns = 3,
  headingLevel = 3,
  fold,
}: {
  cards: readonly CardContent[];
  columns?: keyof typeof COLUMNS;
  headingLevel?: 3 | 4;
  fold?: { after: number; summary: string };
}) {
  const grid = (items: readonly CardContent[]) => (
    <ul className={`grid gap-5 ${COLUMNS[columns]}`}>
      {items.map((card) => (
        <li key={card.title}>
          <Card title={card.title} headingLevel={headingLevel}>
            <p>{card.description}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
  if (!fold || cards.length <= fold.after) return grid(cards);
  return (
    <>
      {grid(cards.slice(0, fold.after))}
      <FoldOnNarrow summary={fold.summary} className="mt-3 lg:mt-5">
        <div className="mt-3 lg:mt-0">{grid(cards.slice(fold.after))}</div>
      </FoldOnNarrow>
    </>
  );
}

/** A page section of content cards: the group's heading and intro, then its cards. */
export function CardSection({
  group,
  columns,
  tone,
  fold,
}: {
  group: { heading: string; intro: string; items: readonly CardContent[] };
  columns?: keyof typeof COLUMNS;
  tone?: SectionTone;
  fold?: { after: number; summary: string };
}) {
  return (
    <PageSection heading={group.heading} intro={group.intro} tone={tone}>
      <CardGrid cards={group.items} columns={columns} fold={fold} />
    </PageSection>
  );
}
