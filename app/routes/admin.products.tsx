import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { LoadingStatus } from "~/components/admin/loading-status";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { ProductBadge } from "~/components/admin/product-badge";
import { FROM_LIST, RecordOutlet } from "~/components/admin/record-dialog";
import { RecordActions } from "~/components/admin/record-list";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { panelClass, primaryButton } from "~/components/admin/styles";
import { listProducts } from "~/models/products.server";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";

export const meta: MetaFunction = () => adminMeta("Products");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return data({ products: await listProducts() }, { headers: ADMIN_CACHE_HEADERS });
}

export const shouldRevalidate = revalidateAfterConflict;

export default function Products() {
  const { products } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminPageHeader
        title="Products"
        description="Manage your platform products and offerings."
        actions={
          <Link to="new" state={FROM_LIST} preventScrollReset className={primaryButton}>
            Add Product
          </Link>
        }
      />
      <RecordOutlet listUrl="/admin/products" />
      <LoadingStatus path="/admin/products" text="Loading products..." />
      {products.length === 0 ? (
        <p className={`${panelClass} p-6 text-center text-sm text-navy-600`}>
          No products found. Add your first product to get started.
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {products.map((product) => (
            <li key={product.id} className={`${panelClass} flex flex-col gap-2 p-4`}>
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="text-base font-semibold text-navy-950">{product.name}</h2>
                {product.badge ? <ProductBadge badge={product.badge} /> : null}
                <span className="ml-auto text-xs text-navy-600 tabular-nums">Order {product.displayOrder}</span>
              </div>
              <p className="text-sm text-navy-700">{product.description}</p>
              <p className="truncate font-mono text-xs text-navy-600">{product.url}</p>
              <div className="mt-auto pt-1">
                <RecordActions basePath="/admin/products" id={product.id} name={product.name} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A record that is not there (deleted meanwhile) shows inside the admin, sidebar and all. */
export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
