import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { TextField } from "~/components/admin/fields";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { HistoryLink } from "~/components/admin/history-link";
import { RecordForm } from "~/components/admin/record-form";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { useActionToast } from "~/components/admin/use-action-toast";
import { currentLegalDocument } from "~/models/legal-documents.server";
import {
  getMessageSettings,
  readMessageSettings,
  updateMessageRetention,
} from "~/models/message-settings.server";
import { messageRetentionSchema, type MessageRetentionInput } from "~/schemas/notification-settings";
import { requireAdminPage } from "~/server/auth/auth.server";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { settingsAction } from "~/server/forms/settings-action.server";
import { MESSAGE_RETENTION_TOKEN } from "~/utils/legal-facts";

/** /admin/messages/retention: how long messages are kept, and whether the privacy policy says so from it. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const [settings, privacy] = await Promise.all([getMessageSettings(), currentLegalDocument("privacy")]);
  return data(
    {
      retentionMonths: settings.retentionMonths,
      version: settings.version,
      policyStatesIt: privacy?.body.includes(MESSAGE_RETENTION_TOKEN) ?? false,
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

export const action = settingsAction(
  {
    path: "/admin/messages",
    successMessage: "Retention updated successfully!",
    failureMessage: "Failed to update retention. Please try again.",
  },
  {
    schema: messageRetentionSchema,
    write: updateMessageRetention,
    current: { section: "notifications", read: readMessageSettings, fields: ["retentionMonths"] },
  },
);

export const shouldRevalidate = revalidateAfterConflict;

export default function MessageRetention() {
  const { retentionMonths, version, policyStatesIt } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <>
      <RetentionForm key={version} retentionMonths={retentionMonths} version={version} reply={reply} />
      <p className="mt-3 text-xs text-navy-700">
        {policyStatesIt ? (
          <>The privacy policy states this period from this setting.</>
        ) : (
          <>
            The current privacy policy does not state this period from this setting: publish a version that
            says <code className="font-mono">{MESSAGE_RETENTION_TOKEN}</code> where it should appear.
          </>
        )}
      </p>
      <p className="my-4 text-sm">
        <HistoryLink
          to="/admin/notifications/history"
          className="font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800"
        />
      </p>
    </>
  );
}

function RetentionForm({
  retentionMonths,
  version,
  reply,
}: {
  retentionMonths: number;
  version: number;
  reply: AdminFormReply | undefined;
}) {
  useActionToast(reply?.toast);
  const [form, fields] = useForm<MessageRetentionInput>({
    id: "message-retention",
    lastResult: reply?.result,
    defaultValue: { retentionMonths },
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: messageRetentionSchema, disableAutoCoercion: true }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <RecordForm
      title="How Long Messages Are Kept"
      submitLabel="Save Retention"
      form={form}
      version={version}
      reply={reply}
    >
      <TextField
        meta={fields.retentionMonths}
        label="Months"
        type="number"
        inputMode="numeric"
        hint="Messages and their notifications are deleted by themselves this many months after they arrive (1 to 120)."
      />
    </RecordForm>
  );
}
