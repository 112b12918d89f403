import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminMeta } from "~/components/admin/meta";
import { PublishingListPage } from "~/components/admin/publishing/list-page";
import { STATE_OPTIONS } from "~/components/admin/publishing-list";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { listPosts, postPath } from "~/models/posts.server";
import { CATEGORY_NAMES, POST_CATEGORIES, type PostCategory } from "~/schemas/post";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { publishingListPage, publishingRow } from "~/server/publishing/list.server";

export const meta: MetaFunction = () => adminMeta("Newsroom");

const CATEGORY_OPTIONS = POST_CATEGORIES.map((category) => ({
  value: category,
  label: CATEGORY_NAMES[category],
}));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const requested = new URL(request.url).searchParams.get("category");
  const category = POST_CATEGORIES.find((c) => c === requested) ?? null;
  const { state, at, items, ...pages } = await publishingListPage(
    request,
    ["draft", "scheduled", "published"],
    (state, page) => listPosts({ state, category, page }),
  );
  return data(
    {
      filters: { state: state ?? "", category: category ?? "" },
      ...pages,
      posts: items.map((post) => ({
        ...publishingRow(post, postPath(post.slug), at),
        category: CATEGORY_NAMES[post.category as PostCategory],
      })),
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

export const shouldRevalidate = revalidateAfterConflict;

export default function NewsPosts() {
  const { filters, total, page, pageCount, posts } = useLoaderData<typeof loader>();
  return (
    <PublishingListPage
      section="news"
      noun="post"
      title="Newsroom"
      description="Write, preview, schedule and publish the Newsroom's posts."
      filters={[
        { name: "state", label: "Status", value: filters.state, options: STATE_OPTIONS.slice(0, 3) },
        { name: "category", label: "Category", value: filters.category, options: CATEGORY_OPTIONS },
      ]}
      texts={{ noMatch: "No posts match these filters.", empty: "No posts yet. Write the first one." }}
      total={total}
      page={page}
      pageCount={pageCount}
      rows={posts}
      details={(post) => <span>{post.category}</span>}
    />
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
