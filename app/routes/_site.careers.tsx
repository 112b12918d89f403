import { Link, useLoaderData } from "@remix-run/react";
import { CardGrid } from "~/components/site/card";
import { ContactLink } from "~/components/site/contact-link";
import { PageHero } from "~/components/site/page-hero";
import { MARKDOWN_LIST_CLASS, RenderedMarkdown } from "~/components/site/rendered-markdown";
import { PageSection } from "~/components/site/section";
import { slugify } from "~/utils/slug";
import { buttonClass } from "~/components/ui/button";
import { CheckIcon } from "~/components/ui/icons";
import { careers as careersContent, type CareersContent } from "~/content/careers";
import { pages } from "~/content/pages";
import { liveRoles } from "~/models/roles.server";
import { roleView, type RoleView } from "~/server/site/careers.server";
import { seoHandle, sitePageMeta } from "~/utils/seo";

const page = pages["/careers"];
export const handle = seoHandle(page);
export const meta = sitePageMeta(page);

/**
 * Up to this many open roles, the page shows each in full; past it, each role's summary with a link to its
 * own page, so that a long list stays a page a visitor can scan (and download quickly).
 */
export const FULL_ROLES_UP_TO = 8;

/** The page's copy, and the roles operators publish (in their display order), bodies rendered here. */
export async function loader() {
  const live = await liveRoles();
  const full = live.length <= FULL_ROLES_UP_TO;
  const roles = live.map((role) => roleView(role, 4, { withBody: full }));
  return { careers: careersContent, roles };
}

/**
 * A role's body under its card: headings (h4) over lists. The seeded bodies are two such sections, shown
 * side by side from md up; the :has() guard keeps any other shape of body in one column.
 */
const ROLE_BODY_CLASS = [
  "mt-6 text-sm leading-6 text-navy-700",
  "[&_h4]:leading-5 [&_h4]:font-semibold [&_h4]:text-navy-950 [&_h5]:font-semibold [&_h5]:text-navy-950 [&>*+h4]:mt-8 [&>*+*]:mt-3",
  "md:[&:has(>h4:first-child+*+h4+*:last-child)]:grid md:[&:has(>h4:first-child+*+h4+*:last-child)]:grid-flow-col md:[&:has(>h4:first-child+*+h4+*:last-child)]:grid-cols-2 md:[&:has(>h4:first-child+*+h4+*:last-child)]:grid-rows-[auto_1fr] md:[&:has(>h4:first-child+*+h4+*:last-child)]:items-start md:[&:has(>h4:first-child+*+h4+*:last-child)]:gap-x-8 md:[&:has(>h4:first-child+*+h4+*:last-child)>h4]:mt-0",
  MARKDOWN_LIST_CLASS,
].join(" ");

function RoleCard({ role, applySubject, applyLabel }: { role: RoleView; applySubject: CareersContent["applySubject"]; applyLabel: string }) {
  return (
    <article id={role.slug} aria-labelledby={`${role.slug}-title`} className="scroll-mt-24 rounded-lg border border-navy-200 bg-white p-6 sm:p-8">
      <h3 id={`${role.slug}-title`} className="text-subheading font-semibold text-navy-950">
        {/* Looks like what it is: a link to the role's own page (underlined, in the site's link colour). */}
        <Link
          to={role.path}
          prefetch="intent"
          className="rounded-sm text-accent-700 underline decoration-accent-300 decoration-2 underline-offset-4 hover:text-accent-800 hover:decoration-accent-700"
        >
          {role.title}
        </Link>
      </h3>
      <p className="mt-1 text-sm text-navy-600">
        {role.location} · {role.employmentType}
      </p>
      <p className="mt-5 text-base leading-7 text-navy-700">{role.summary}</p>
      {role.bodyHtml ? (
        <RenderedMarkdown html={role.bodyHtml} className={ROLE_BODY_CLASS} />
      ) : (
        <p className="mt-4 text-sm">
          <Link to={role.path} className="font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800">
            What the role involves<span className="sr-only">: {role.title}</span>
          </Link>
        </p>
      )}
      {/* Apply comes after what the role is, where a reader decides. */}
      <ContactLink subject={applySubject} role={role.title} className={`${buttonClass("primary", "md")} mt-6`}>
        {applyLabel}
        <span className="sr-only"> for the {role.title} role</span>
      </ContactLink>
    </article>
  );
}

export default function Careers() {
  const { careers, roles } = useLoaderData<typeof loader>();
  const rolesId = slugify(careers.rolesHeading);
  return (
    <>
      <PageHero page={page} eyebrow={careers.hero.eyebrow} heading={careers.hero.heading} intro={<p>{careers.hero.intro}</p>}>
        <a href={`#${rolesId}`} className={buttonClass("primaryOnDark", "lg")}>
          {roles.length === 0 ? "See our open roles" : `See ${roles.length} open ${roles.length === 1 ? "role" : "roles"}`}
        </a>
      </PageHero>
      <PageSection heading={careers.rolesHeading} id={rolesId}>
        {roles.length === 0 ? (
          <p className="max-w-3xl text-base leading-7 text-navy-700">
            We have no open roles just now. We are always glad to hear from people who care about careful work: send us a{" "}
            <a href={`#${slugify(careers.speculative.heading)}`} className="font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800">
              speculative application
            </a>{" "}
            and we will keep you in mind.
          </p>
        ) : (
          <ul className="grid gap-6">
            {roles.map((role) => (
              <li key={role.slug}>
                <RoleCard role={role} applySubject={careers.applySubject} applyLabel={careers.applyLabel} />
              </li>
            ))}
          </ul>
        )}
      </PageSection>
      <PageSection heading={careers.valuesHeading} tone="muted">
        <CardGrid cards={careers.values} columns={4} />
      </PageSection>
      <PageSection heading={careers.benefitsHeading}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {careers.benefits.map((benefit) => (
            <li key={benefit} className="flex gap-3 rounded-lg border border-navy-200 p-4 text-sm leading-6 text-navy-800">
              <CheckIcon className="mt-0.5 size-5 shrink-0 text-accent-700" />
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection heading={careers.speculative.heading} intro={careers.speculative.text} tone="muted" narrow>
        <ContactLink subject={careers.applySubject} className={buttonClass("primary", "md")}>
          {careers.speculative.ctaLabel}
        </ContactLink>
        <p className="mt-8 text-sm leading-6 text-navy-700">{careers.equalOpportunity}</p>
      </PageSection>
    </>
  );
}
