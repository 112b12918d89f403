import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminMeta } from "~/components/admin/meta";
import { ProductBadge } from "~/components/admin/product-badge";
import { RecordActions, RecordListPage } from "~/components/admin/record-list";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { panelClass } from "~/components/admin/styles";
import { listProducts } from "~/models/products.server";
import { recordListLoader } from "~/server/admin/record-routes.server";

export const meta: MetaFunction = () => adminMeta("Products");

export const loader = recordListLoader("products", listProducts);

export const shouldRevalidate = revalidateAfterConflict;

export default function Products() {
  const { products } = useLoaderData<typeof loader>();
  return (
    <RecordListPage
      title="Products"
      description="Manage your platform products and offerings."
      addLabel="Add Product"
      listUrl="/admin/products"
      loadingText="Loading products..."
      emptyText="No products found. Add your first product to get started."
      isEmpty={products.length === 0}
    >
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
    </RecordListPage>
  );
}

/** A record that is not there (deleted meanwhile) shows inside the admin, sidebar and all. */
export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
