import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { posts } from "~/collections/posts";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminMeta } from "~/components/admin/meta";
import { PublishingListPage } from "~/components/admin/publishing/list-page";
import { statusFilter, type PublishingState } from "~/components/admin/publishing-list";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { listPosts, postPath } from "~/models/posts.server";
import { CATEGORY_NAMES, POST_CATEGORIES, type PostCategory } from "~/schemas/post";
import { publishingListLoader } from "~/server/publishing/list.server";

export const meta: MetaFunction = () => adminMeta("Newsroom");

const STATES: readonly PublishingState[] = ["draft", "scheduled", "published"];

const CATEGORY_OPTIONS = POST_CATEGORIES.map((category) => ({
  value: category,
  label: CATEGORY_NAMES[category],
}));

export async function loader({ request }: LoaderFunctionArgs) {
  const requested = new URL(request.url).searchParams.get("category");
  const category = POST_CATEGORIES.find((c) => c === requested) ?? null;
  return publishingListLoader(request, {
    collection: posts,
    states: STATES,
    list: (state, page) => listPosts({ state, category, page }),
    path: postPath,
    details: (post) => ({ category: CATEGORY_NAMES[post.category as PostCategory] }),
    filters: { category: category ?? "" },
  });
}

export const shouldRevalidate = revalidateAfterConflict;

export default function NewsPosts() {
  const { filters, posts: rows, ...pages } = useLoaderData<typeof loader>();
  return (
    <PublishingListPage
      collection={posts}
      description="Write, preview, schedule and publish the Newsroom's posts."
      filters={[
        statusFilter(filters.state, STATES),
        { name: "category", label: "Category", value: filters.category, options: CATEGORY_OPTIONS },
      ]}
      texts={{ noMatch: "No posts match these filters.", empty: "No posts yet. Write the first one." }}
      {...pages}
      rows={rows}
      details={(post) => <span>{post.category}</span>}
    />
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
