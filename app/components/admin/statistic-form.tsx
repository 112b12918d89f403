import { statisticSchema, type StatisticInput } from "~/schemas/statistic";
import type { AdminFormReply } from "./form-reply";
import { TextField } from "./fields";
import { RecordForm } from "./record-form";
import { useAdminForm } from "./use-admin-form";

export interface StatisticFormProps {
  mode: "create" | "edit";
  defaultValue: { label: string; value: string; displayOrder: number };
  version?: number;
  reply: AdminFormReply | undefined;
}

export function StatisticForm({ mode, defaultValue, version, reply }: StatisticFormProps) {
  const [form, fields] = useAdminForm<StatisticInput>({
    id: "statistic",
    schema: statisticSchema,
    reply,
    defaultValue,
  });
  return (
    <RecordForm
      title={mode === "create" ? "Add New Statistic" : "Edit Statistic"}
      submitLabel={mode === "create" ? "Add Statistic" : "Update Statistic"}
      form={form}
      version={version}
      reply={reply}
    >
      <TextField meta={fields.label} label="Label" placeholder="e.g., Active Users" />
      <TextField meta={fields.value} label="Value" placeholder="e.g., 10K+" />
      <TextField meta={fields.displayOrder} label="Display Order" type="number" inputMode="numeric" />
    </RecordForm>
  );
}
