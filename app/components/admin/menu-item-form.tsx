import { MENU_TYPE_LABELS, MENU_TYPES, menuItemSchema, type MenuItemInput } from "~/schemas/menu-item";
import { CheckboxField, SelectField, TextField } from "./fields";
import { RecordForm, recordFormLabels, type RecordFormProps } from "./record-form";
import { useAdminForm } from "./use-admin-form";

const MENU_TYPE_OPTIONS = MENU_TYPES.map((type) => ({ value: type, label: MENU_TYPE_LABELS[type] }));

export interface MenuItemFormValues {
  menuType: string;
  label: string;
  url: string;
  icon: string | null;
  displayOrder: number;
  isActive: boolean;
  openInNewTab: boolean;
  parentId: string;
}

export function MenuItemForm({ mode, defaultValue, version, reply }: RecordFormProps<MenuItemFormValues>) {
  const [form, fields] = useAdminForm<MenuItemInput>({
    id: "menu-item",
    schema: menuItemSchema,
    reply,
    defaultValue,
  });
  return (
    <RecordForm {...recordFormLabels("Menu Item", mode)} form={form} version={version} reply={reply}>
      <div className="grid gap-x-3 sm:grid-cols-2">
        <SelectField meta={fields.menuType} label="Menu Type" options={MENU_TYPE_OPTIONS} />
        <TextField meta={fields.label} label="Label" placeholder="e.g., Home" />
      </div>
      <TextField meta={fields.url} label="URL" placeholder="e.g., /home or https://example.com" />
      <div className="grid gap-x-3 sm:grid-cols-2">
        <TextField meta={fields.icon} label="Icon (optional)" placeholder="e.g., fa-solid fa-house" />
        <TextField meta={fields.displayOrder} label="Display Order" type="number" inputMode="numeric" />
      </div>
      <div className="grid gap-x-3 sm:grid-cols-2">
        <CheckboxField meta={fields.isActive} label="Is Active" />
        <CheckboxField meta={fields.openInNewTab} label="Open in New Tab" />
      </div>
      <TextField
        meta={fields.parentId}
        label="Parent ID (optional)"
        hint="For nested menus"
        inputMode="numeric"
      />
    </RecordForm>
  );
}
