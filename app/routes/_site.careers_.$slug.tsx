import type { LoaderFunctionArgs } from "@remix-run/node";
import { previewAwareHeaders } from "~/utils/cache-control";
import { Link, useLoaderData } from "@remix-run/react";
import { ContactLink } from "~/components/site/contact-link";
import { JsonLd } from "~/components/site/json-ld";
import { PageHero } from "~/components/site/page-hero";
import { PreviewBanner } from "~/components/site/preview-banner";
import { ROLE_PROSE, StoredBody } from "~/components/site/rendered-markdown";
import { htmlOnce } from "~/server/site/html-once.server";
import { buttonClass } from "~/components/ui/button";
import { careers } from "~/content/careers";
import { pages } from "~/content/pages";
import { getRole, getRoleBySlug, liveRole, rolePath } from "~/models/roles.server";
import { jobPostingJsonLd, roleView, siteSeo } from "~/server/site/careers.server";
import {
  findPublishedRecord,
  previewBannerView,
  publishedRecordAnswer,
} from "~/server/publishing/published-record.server";
import { formatLondonDateTime } from "~/utils/london-time";
import { loadedPageMeta, structuredData, type SeoPage } from "~/utils/seo";

const careersPage = pages["/careers"];

/**
 * One role. Visitors see live roles only; a signed-in operator, or anyone with a working preview link,
 * also sees a draft, scheduled or closed one, marked as a preview, private and not indexed. Anything
 * else is a 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { record: role, preview } = await findPublishedRecord(request, params, "role", {
    live: liveRole,
    bySlug: getRoleBySlug,
    byId: getRole,
    path: rolePath,
  });
  const site = await siteSeo();
  const path = rolePath(role.slug);
  const seo: SeoPage = {
    path,
    label: role.title,
    title: `${role.title} – ${careersPage.label}`,
    description: role.summary,
    noindex: preview !== null,
    parents: [{ label: careersPage.label, path: careersPage.path }],
  };
  const graph = structuredData(site, seo);
  graph["@graph"].push(jobPostingJsonLd(site, role, path));
  // The role's body sent once: in a document's markup, in a client-side navigation's data.
  const view = roleView(role, 2);
  const body = {
    seo,
    role: { ...view, bodyHtml: htmlOnce(context, "role", view.bodyHtml) },
    closesAt: role.closesAt ? role.closesAt.toISOString() : null,
    jsonLd: graph,
    preview: previewBannerView(preview, role, `/admin/careers/${role.id}/edit`),
  };
  return publishedRecordAnswer(body, preview);
}

export const headers = previewAwareHeaders;

export const meta = loadedPageMeta(careersPage);

export default function RolePage() {
  const { seo, role, closesAt, jsonLd, preview } = useLoaderData<typeof loader>();
  const apply = (
    <ContactLink
      subject={careers.applySubject}
      role={role.title}
      className={buttonClass("primaryOnDark", "lg")}
    >
      {careers.applyLabel}
      <span className="sr-only"> for the {role.title} role</span>
    </ContactLink>
  );
  return (
    <>
      {preview ? <PreviewBanner state={preview.state} editPath={preview.editPath} /> : null}
      <PageHero page={seo} eyebrow={role.team} heading={role.title} intro={<p>{role.summary}</p>}>
        {apply}
      </PageHero>
      <div className="container-page grid gap-12 py-14 lg:grid-cols-[minmax(0,1fr)_18rem] lg:py-20">
        <aside aria-labelledby="role-facts-heading" className="lg:col-start-2 lg:row-start-1">
          <div className="rounded-lg border border-navy-200 p-6">
            <h2 id="role-facts-heading" className="text-sm font-semibold text-navy-950">
              About the role
            </h2>
            <dl className="mt-4 grid gap-3 text-sm">
              <div>
                <dt className="font-semibold text-navy-900">Team</dt>
                <dd className="text-navy-700">{role.team}</dd>
              </div>
              <div>
                <dt className="font-semibold text-navy-900">Location</dt>
                <dd className="text-navy-700">{role.location}</dd>
              </div>
              <div>
                <dt className="font-semibold text-navy-900">Employment type</dt>
                <dd className="text-navy-700">{role.employmentType}</dd>
              </div>
              {closesAt ? (
                <div>
                  <dt className="font-semibold text-navy-900">Closing date</dt>
                  <dd className="text-navy-700">
                    <time dateTime={closesAt}>{formatLondonDateTime(closesAt)}</time>
                  </dd>
                </div>
              ) : null}
            </dl>
            <ContactLink
              subject={careers.applySubject}
              role={role.title}
              className={`${buttonClass("primary", "md")} mt-6 w-full`}
            >
              {careers.applyLabel}
              <span className="sr-only"> for the {role.title} role</span>
            </ContactLink>
          </div>
          <p className="mt-6 text-sm">
            <Link
              to={`${careersPage.path}#${role.slug}`}
              className="rounded-sm font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800"
            >
              <span aria-hidden="true">← </span>All open roles
            </Link>
          </p>
        </aside>
        <StoredBody
          html={role.bodyHtml}
          markupKey="role"
          className={`${ROLE_PROSE} max-w-3xl lg:col-start-1 lg:row-start-1`}
        />
      </div>
      <JsonLd data={jsonLd} />
    </>
  );
}
