import { useLoaderData } from "@remix-run/react";
import { CardGrid } from "~/components/site/card";
import { ContactLink } from "~/components/site/contact-link";
import { PageHero } from "~/components/site/page-hero";
import { BulletList, PageSection } from "~/components/site/section";
import { slugify } from "~/utils/slug";
import { buttonClass } from "~/components/ui/button";
import { CheckIcon } from "~/components/ui/icons";
import { careers as careersContent, type CareersContent, type OpenRole } from "~/content/careers";
import { pages } from "~/content/pages";
import { seoHandle, sitePageMeta } from "~/utils/seo";

const page = pages["/careers"];
export const handle = seoHandle(page);
export const meta = sitePageMeta(page);

/** The copy comes as data, not as part of the page's JavaScript. */
export function loader() {
  return { careers: careersContent };
}

function RoleCard({ role, applySubject, applyLabel }: { role: OpenRole; applySubject: CareersContent["applySubject"]; applyLabel: string }) {
  return (
    <article id={role.slug} aria-labelledby={`${role.slug}-title`} className="scroll-mt-24 rounded-lg border border-navy-200 bg-white p-6 sm:p-8">
      <h3 id={`${role.slug}-title`} className="text-xl font-semibold tracking-tight text-navy-950">
        {role.title}
      </h3>
      <p className="mt-1 text-sm text-navy-600">
        {role.location} · {role.type}
      </p>
      <p className="mt-5 text-base leading-7 text-navy-700">{role.description}</p>
      <div className="mt-6 grid gap-8 md:grid-cols-2">
        <div>
          <h4 className="text-sm font-semibold text-navy-950">What you will do</h4>
          <BulletList items={role.responsibilities} className="mt-3 text-sm leading-6 text-navy-700" />
        </div>
        <div>
          <h4 className="text-sm font-semibold text-navy-950">What we are looking for</h4>
          <BulletList items={role.requirements} className="mt-3 text-sm leading-6 text-navy-700" />
        </div>
      </div>
      {/* Apply comes after what the role is, where a reader decides. */}
      <ContactLink subject={applySubject} className={`${buttonClass("primary", "md")} mt-6`}>
        {applyLabel}
        <span className="sr-only"> for the {role.title} role</span>
      </ContactLink>
    </article>
  );
}

export default function Careers() {
  const { careers } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero page={page} eyebrow={careers.hero.eyebrow} heading={careers.hero.heading} intro={<p>{careers.hero.intro}</p>}>
        <a href={`#${slugify(careers.rolesHeading)}`} className={buttonClass("primaryOnDark", "lg")}>
          See {careers.roles.length} open roles
        </a>
      </PageHero>
      <PageSection heading={careers.rolesHeading}>
        <ul className="grid gap-6">
          {careers.roles.map((role) => (
            <li key={role.slug}>
              <RoleCard role={role} applySubject={careers.applySubject} applyLabel={careers.applyLabel} />
            </li>
          ))}
        </ul>
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
