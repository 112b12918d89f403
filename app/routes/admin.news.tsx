import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { formatAdminTime } from "~/components/admin/format-time";
import { LoadingStatus } from "~/components/admin/loading-status";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { PublishingFilter, PublishingPager, PublishingRowActions, STATE_OPTIONS } from "~/components/admin/publishing-list";
import { PublicationStatus } from "~/components/admin/publication-status";
import { RecordOutlet } from "~/components/admin/record-dialog";
import { ListRow } from "~/components/admin/record-list";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { panelClass, primaryButton } from "~/components/admin/styles";
import { now } from "~/models/clock.server";
import { listPosts, postPath } from "~/models/posts.server";
import { CATEGORY_NAMES, POST_CATEGORIES, type PostCategory } from "~/schemas/post";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { publicationStatusView, stateFilter } from "~/server/forms/publishing-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { requestedPage } from "~/utils/pagination";

export const meta: MetaFunction = () => adminMeta("Newsroom");

const CATEGORY_OPTIONS = POST_CATEGORIES.map((category) => ({ value: category, label: CATEGORY_NAMES[category] }));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const search = new URL(request.url).searchParams;
  const state = stateFilter(search.get("state"), ["draft", "scheduled", "published"]);
  const category = POST_CATEGORIES.find((c) => c === search.get("category")) ?? null;
  const at = now();
  const { items, total, page, pageCount } = await listPosts({ state, category, page: requestedPage(search) });
  return data(
    {
      filters: { state: state ?? "", category: category ?? "" },
      total,
      page,
      pageCount,
      posts: items.map((post) => ({
        id: post.id,
        title: post.title,
        category: CATEGORY_NAMES[post.category as PostCategory],
        path: postPath(post.slug),
        status: publicationStatusView(post, at),
        updatedAt: post.updatedAt.toISOString(),
        updated: formatAdminTime(post.updatedAt, at),
      })),
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

export const shouldRevalidate = revalidateAfterConflict;

export default function NewsPosts() {
  const { filters, total, page, pageCount, posts } = useLoaderData<typeof loader>();
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value)).toString();
  const listUrl = `/admin/news${query ? `?${query}` : ""}`;
  const filtered = Boolean(filters.state || filters.category);
  return (
    <>
      <AdminPageHeader
        title="Newsroom"
        description="Write, preview, schedule and publish the Newsroom's posts."
        actions={
          <Link to="/admin/news/new" className={primaryButton}>
            New post
          </Link>
        }
      />
      <RecordOutlet listUrl={listUrl} />
      <LoadingStatus path="/admin/news" text="Loading posts..." />
      <section aria-labelledby="posts-title">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="posts-title" className="text-lg font-semibold text-navy-950">
            Posts
          </h2>
          <p className="text-sm text-navy-600">
            {total.toLocaleString("en-GB")} {total === 1 ? "post" : "posts"}
          </p>
        </div>
        <PublishingFilter
          label="Posts"
          listPath="/admin/news"
          filters={[
            { name: "state", label: "Status", value: filters.state, options: STATE_OPTIONS.slice(0, 3) },
            { name: "category", label: "Category", value: filters.category, options: CATEGORY_OPTIONS },
          ]}
        />
        {posts.length === 0 ? (
          <p className={`${panelClass} p-6 text-center text-sm text-navy-600`}>
            {filtered ? "No posts match these filters." : "No posts yet. Write the first one."}
          </p>
        ) : (
          <ul className={`${panelClass} divide-y divide-navy-100`}>
            {posts.map((post) => (
              <ListRow key={post.id}>
                <div className="grid min-w-0 flex-1 basis-72 gap-1.5">
                  <h3 className="text-sm font-semibold break-words text-navy-950">{post.title}</h3>
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-navy-600">
                    <PublicationStatus status={post.status} />
                    <span>{post.category}</span>
                    <span>
                      Updated <time dateTime={post.updatedAt}>{post.updated}</time>
                    </span>
                  </p>
                </div>
                <PublishingRowActions basePath="/admin/news" id={post.id} name={post.title} publicPath={post.path} />
              </ListRow>
            ))}
          </ul>
        )}
        {pageCount > 1 ? <PublishingPager label="Post pages" listUrl={listUrl} page={page} pageCount={pageCount} /> : null}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
