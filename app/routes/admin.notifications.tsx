import { getInputProps } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SubmitButton, TextareaField } from "~/components/admin/fields";
import { MailStatus } from "~/components/admin/messages/mail-status";
import { adminMeta } from "~/components/admin/meta";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { SettingsRecordForm, SettingsScreen, type SettingsFields } from "~/components/admin/settings-form";
import { SETTINGS_SCREENS } from "~/components/admin/settings-screens";
import { getMessageSettings, updateNotificationRouting } from "~/models/message-settings.server";
import type { MessageSettings } from "~/models/message-settings.server";
import { PRESET_SUBJECTS } from "~/schemas/contact-fields";
import { notificationSettingsSchema } from "~/schemas/notification-settings";
import { settingsAction, settingsLoader } from "~/server/forms/settings-action.server";
import { mailStatus } from "~/server/messages/mail-status.server";

const SCREEN = SETTINGS_SCREENS.notifications;

export const meta: MetaFunction = () => adminMeta(SCREEN.title);

export const loader = settingsLoader(async () => ({
  settings: await getMessageSettings(),
  mail: mailStatus(),
}));

// A save that crossed someone else's is refused with what they changed; the routes are a list per
// subject, which the field-by-field merge does not take apart, so the operator's typing is kept instead.
export const action = settingsAction(SCREEN, {
  schema: notificationSettingsSchema,
  write: updateNotificationRouting,
});

export const shouldRevalidate = revalidateAfterConflict;

export default function Notifications() {
  const { settings, mail } = useLoaderData<typeof loader>();
  return (
    <SettingsScreen {...SCREEN}>
      <MailStatus mail={mail} />
      <SettingsRecordForm<RoutingFormShape>
        id="notification-routing"
        schema={notificationSettingsSchema}
        defaultValue={formValues(settings)}
        version={settings.version}
        spacing="gap-5"
      >
        {(fields) => <RoutingFields fields={fields} />}
      </SettingsRecordForm>
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

type RoutingFormShape = ReturnType<typeof formValues>;

function RoutingFields({ fields }: { fields: SettingsFields<RoutingFormShape> }) {
  const routes = fields.routes.getFieldList();
  return (
    <>
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
    </>
  );
}
