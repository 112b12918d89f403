import { getInputProps } from "@conform-to/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton, TextareaField } from "~/components/admin/fields";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { MailStatus } from "~/components/admin/messages/mail-status";
import { adminMeta } from "~/components/admin/meta";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { SettingsForm, SettingsScreen, type SettingsScreenText } from "~/components/admin/settings-form";
import { useAdminForm } from "~/components/admin/use-admin-form";
import {
  getMessageSettings,
  updateNotificationRouting,
  type MessageSettings,
} from "~/models/message-settings.server";
import { PRESET_SUBJECTS } from "~/schemas/contact-fields";
import { notificationSettingsSchema } from "~/schemas/notification-settings";
import { requireAdminPage } from "~/server/auth/auth.server";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { settingsAction } from "~/server/forms/settings-action.server";
import { mailStatus } from "~/server/messages/mail-status.server";

const SCREEN: SettingsScreenText = {
  title: "Notifications",
  description: "Who is e-mailed when a visitor sends a message, by its subject.",
  path: "/admin/notifications",
  loadingText: "Loading notification settings...",
};

export const meta: MetaFunction = () => adminMeta(SCREEN.title);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return data({ settings: await getMessageSettings(), mail: mailStatus() }, { headers: ADMIN_CACHE_HEADERS });
}

// A save that crossed someone else's is refused with what they changed; the routes are a list per
// subject, which the field-by-field merge does not take apart, so the operator's typing is kept instead.
export const action = settingsAction({
  schema: notificationSettingsSchema,
  write: updateNotificationRouting,
  successUrl: SCREEN.path,
  successMessage: "Notification settings updated successfully!",
  failureMessage: "Failed to update notification settings. Please try again.",
});

export const shouldRevalidate = revalidateAfterConflict;

export default function Notifications() {
  const { settings, mail } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <SettingsScreen {...SCREEN}>
      <MailStatus mail={mail} />
      <RoutingForm key={settings.version} settings={settings} reply={reply} />
    </SettingsScreen>
  );
}

/** The form's values: one address per line, a list for each preset subject (blank: the default recipients). */
function formValues(settings: MessageSettings) {
  return {
    defaultRecipients: settings.defaultRecipients.join("\n"),
    routes: PRESET_SUBJECTS.map((subject) => ({
      subject,
      recipients: (settings.routes.find((route) => route.subject === subject)?.recipients ?? []).join("\n"),
    })),
  };
}

type RoutingFormShape = ReturnType<typeof formValues> & { version?: number };

function RoutingForm({ settings, reply }: { settings: MessageSettings; reply: AdminFormReply | undefined }) {
  const [form, fields] = useAdminForm<RoutingFormShape>({
    id: "notification-routing",
    schema: notificationSettingsSchema,
    reply,
    defaultValue: formValues(settings),
  });
  const routes = fields.routes.getFieldList();
  return (
    <SettingsForm form={form} version={settings.version} reply={reply} spacing="gap-5">
      <TextareaField
        meta={fields.defaultRecipients}
        label="Default recipients"
        rows={3}
        hint="One e-mail address per line. Told of every message whose subject has no recipients of its own below."
      />
      <fieldset className="grid gap-4">
        <legend className="mb-1 text-base font-semibold text-navy-950">Recipients by subject</legend>
        <p className="-mt-2 text-xs text-navy-600">
          A message whose subject is one of these goes to its own recipients; leave a subject blank to send it
          to the default recipients.
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          {routes.map((route, index) => {
            const entry = route.getFieldset();
            return (
              <div key={route.key} className="grid gap-1">
                <input {...getInputProps(entry.subject, { type: "hidden" })} />
                <TextareaField
                  meta={entry.recipients}
                  label={PRESET_SUBJECTS[index] ?? ""}
                  rows={2}
                  hint="Blank: the default recipients"
                />
              </div>
            );
          })}
        </div>
      </fieldset>
      <div>
        <SubmitButton>Save Notifications</SubmitButton>
      </div>
    </SettingsForm>
  );
}
