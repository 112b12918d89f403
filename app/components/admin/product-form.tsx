import { BADGE_LABELS, PRODUCT_BADGES, productSchema, type ProductInput } from "~/schemas/product";
import { SelectField, TextareaField, TextField } from "./fields";
import { RecordForm, recordFormLabels, type RecordFormProps } from "./record-form";
import { useAdminForm } from "./use-admin-form";

const BADGE_OPTIONS = [
  { value: "none", label: "None" },
  ...PRODUCT_BADGES.map((badge) => ({ value: badge, label: BADGE_LABELS[badge] })),
];

export interface ProductFormValues {
  name: string;
  description: string;
  url: string;
  badge: string | null;
  displayOrder: number;
}

export function ProductForm({ mode, defaultValue, version, reply }: RecordFormProps<ProductFormValues>) {
  const [form, fields] = useAdminForm<ProductInput>({
    id: "product",
    schema: productSchema,
    reply,
    defaultValue,
  });
  return (
    <RecordForm {...recordFormLabels("Product", mode)} form={form} version={version} reply={reply}>
      <TextField meta={fields.name} label="Product Name" placeholder="e.g., New Platform" />
      <TextareaField meta={fields.description} label="Description" rows={3} />
      <TextField meta={fields.url} label="URL" placeholder="e.g., /platforms or https://example.com" />
      <div className="grid gap-x-3 sm:grid-cols-2">
        <SelectField meta={fields.badge} label="Badge" options={BADGE_OPTIONS} />
        <TextField meta={fields.displayOrder} label="Display Order" type="number" inputMode="numeric" />
      </div>
    </RecordForm>
  );
}
