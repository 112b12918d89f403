import { data, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConsentRecordSummary } from "~/components/site/consent-record-summary";
import { CookiePreferences } from "~/components/site/cookie-preferences";
import { LegalDocumentView } from "~/components/site/legal-document";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { TableColumnHeads } from "~/components/ui/table-column-heads";
import { pages } from "~/content/pages";
import { loadCookiePolicyData } from "~/server/site/consent-page.server";
import { loadLegalPage } from "~/server/site/legal-pages.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control";
import { COOKIE_PURPOSE_LABELS, type CookieRegisterItem } from "~/utils/cookie-register";
import { CONSENT_STORAGE_KEY } from "~/utils/cookie-registry";
import { seoHandle, sitePageMeta } from "~/utils/seo";

const page = pages["/cookies"];
export const handle = seoHandle(page);
export const meta = sitePageMeta(page);

/**
 * The version in effect, its sections rendered on the server, the cookie register's items, and the visitor's
 * own consent record (then the page is theirs alone: private, never stored by a shared cache).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [page, policy] = await Promise.all([loadLegalPage("cookies"), loadCookiePolicyData(request)]);
  return data(
    { ...page, ...policy },
    policy.record ? { headers: { "Cache-Control": PRIVATE_NO_STORE } } : undefined,
  );
}

export const headers: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  if (loaderHeaders.get("Cache-Control") === PRIVATE_NO_STORE) {
    headers.set("Cache-Control", PRIVATE_NO_STORE);
    headers.delete("CDN-Cache-Control");
  }
  return headers;
};

/**
 * The cookie table, from the cookie register operators keep at /admin/cookies.
 * On a phone each cookie is a small card (a five-column table would need sideways scrolling and clip its
 * columns); from 640 px it is the table.
 */
function CookieTable({ cookies }: { cookies: CookieRegisterItem[] }) {
  return (
    <>
      <ul className="grid gap-3 sm:hidden" aria-label="Cookies we use">
        {cookies.map((cookie) => (
          <li key={cookie.name} className="rounded-lg border border-navy-200 p-4 text-sm">
            <p className="font-mono text-xs font-medium break-words text-navy-950">{cookie.name}</p>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-navy-700">
              <dt className="font-semibold text-navy-900">Category</dt>
              <dd>{COOKIE_PURPOSE_LABELS[cookie.purpose]}</dd>
              <dt className="font-semibold text-navy-900">Purpose</dt>
              <dd className="leading-6">{cookie.description}</dd>
              <dt className="font-semibold text-navy-900">Lifetime</dt>
              <dd>{cookie.duration}</dd>
              <dt className="font-semibold text-navy-900">Set by</dt>
              <dd>{cookie.provider}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <ScrollRegion
        label="Cookies we use (scrolls sideways on small screens)"
        className="hidden overflow-x-auto rounded-lg border border-navy-200 sm:block"
      >
        <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
          <caption className="sr-only">
            Every cookie this website can set, with its purpose and lifetime
          </caption>
          <TableColumnHeads columns={["Name", "Category", "Purpose", "Lifetime", "Set by"]} />
          <tbody className="divide-y divide-navy-200 text-navy-700">
            {cookies.map((cookie) => (
              <tr key={cookie.name} className="align-top">
                <th
                  scope="row"
                  className="w-44 px-4 py-3 font-mono text-xs font-medium text-navy-950 [overflow-wrap:anywhere]"
                >
                  {cookie.name}
                </th>
                <td className="px-4 py-3 whitespace-nowrap">{COOKIE_PURPOSE_LABELS[cookie.purpose]}</td>
                <td className="px-4 py-3 leading-6">{cookie.description}</td>
                <td className="px-4 py-3">{cookie.duration}</td>
                <td className="px-4 py-3">{cookie.provider}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p>
        Your cookie choice is also kept in your browser&apos;s local storage under the key{" "}
        <code className="rounded bg-navy-50 px-1.5 py-0.5 font-mono text-sm text-navy-950">
          {CONSENT_STORAGE_KEY}
        </code>
        , as &quot;accepted&quot; or &quot;declined&quot;, until you clear this site&apos;s data in your
        browser.
      </p>
    </>
  );
}

export default function Cookies() {
  const data = useLoaderData<typeof loader>();
  return (
    <LegalDocumentView
      page={page}
      document={data.document}
      extra={[
        {
          id: "cookies-we-use",
          heading: "Cookies we use",
          after: "types-we-use",
          content: <CookieTable cookies={data.cookies} />,
        },
        {
          id: "cookie-settings",
          heading: "Cookie settings",
          after: "changing-your-choice",
          content: (
            <>
              <p>
                Accept or decline analytics cookies here at any time. Strictly necessary cookies are always
                on, because the website cannot work without them. Declining stops analytics from that moment
                and removes its cookies.
              </p>
              <CookiePreferences />
              <ConsentRecordSummary record={data.record} consentVersion={data.consentVersion} />
            </>
          ),
        },
      ]}
    />
  );
}
