import { statisticSchema, type StatisticInput } from "~/schemas/statistic";
import { TextField } from "./fields";
import { RecordForm, recordFormLabels, type RecordFormProps } from "./record-form";
import { useAdminForm } from "./use-admin-form";

export interface StatisticFormValues {
  label: string;
  value: string;
  displayOrder: number;
}

export function StatisticForm({ mode, defaultValue, version, reply }: RecordFormProps<StatisticFormValues>) {
  const [form, fields] = useAdminForm<StatisticInput>({
    id: "statistic",
    schema: statisticSchema,
    reply,
    defaultValue,
  });
  return (
    <RecordForm {...recordFormLabels("Statistic", mode)} form={form} version={version} reply={reply}>
      <TextField meta={fields.label} label="Label" placeholder="e.g., Active Users" />
      <TextField meta={fields.value} label="Value" placeholder="e.g., 10K+" />
      <TextField meta={fields.displayOrder} label="Display Order" type="number" inputMode="numeric" />
    </RecordForm>
  );
}
