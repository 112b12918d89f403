import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SubmitButton, TextareaField, TextField } from "~/components/admin/fields";
import { adminMeta } from "~/components/admin/meta";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { SettingsRecordForm, SettingsScreen } from "~/components/admin/settings-form";
import { SETTINGS_SCREENS } from "~/components/admin/settings-screens";
import { secondaryButton } from "~/components/admin/styles";
import { toast } from "~/components/ui/toast";
import { getHeroContent, readHeroContent } from "~/models/hero.server";
import { heroSchema, type HeroInput } from "~/schemas/hero";
import { requireAdminPage } from "~/server/auth/auth.server";
import { STORES } from "~/server/collections/stores.server";
import { readFormData } from "~/server/forms/form-data.server";
import { settingsAction, settingsLoader } from "~/server/forms/settings-action.server";
import { redirectWithToast } from "~/server/forms/toast.server";
import { pendingNoticeOf } from "~/server/promotions/approvals.server";

const SCREEN = SETTINGS_SCREENS.hero;

export const meta: MetaFunction = () => adminMeta(SCREEN.title);

export const loader = settingsLoader(async () => {
  const [hero, pending] = await Promise.all([getHeroContent(), pendingNoticeOf("hero-content", null)]);
  return { hero, pending };
});

/** SPEC 4: Reset restores the last loaded values, with this notice. */
export const RESET_TOAST = { title: "Form Reset", description: "Form has been reset to original values." };

// Through the hero's store: a financial promotion, it may wait for approval (issue 42).
const save = settingsAction(SCREEN, {
  schema: heroSchema,
  write: (value, actor, version) => STORES["hero-content"].update(value, actor, version),
  current: { section: "hero", read: readHeroContent },
});

export async function action(args: ActionFunctionArgs) {
  // Without JavaScript, Reset is a post that changes nothing: the page comes back with the stored values
  // and says so (in place of the last save's notice).
  if ((await readFormData(args.request.clone())).get("intent") === "reset") {
    await requireAdminPage(args.request);
    return redirectWithToast(SCREEN.path, RESET_TOAST);
  }
  return save(args);
}

export const shouldRevalidate = revalidateAfterConflict;

export default function HeroEditor() {
  const { hero, pending } = useLoaderData<typeof loader>();
  return (
    <SettingsScreen {...SCREEN} pending={pending}>
      <SettingsRecordForm<HeroInput>
        id="hero"
        schema={heroSchema}
        defaultValue={hero}
        version={hero.version}
        spacing="gap-3"
      >
        {(fields, form) => (
          <>
            <TextField meta={fields.title} label="Title" />
            <TextareaField meta={fields.subtitle} label="Subtitle" rows={3} />
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField meta={fields.primaryCtaText} label="Primary CTA Text" />
              <TextField
                meta={fields.primaryCtaUrl}
                label="Primary CTA URL"
                type="url"
                placeholder="https://example.com"
              />
              <TextField meta={fields.secondaryCtaText} label="Secondary CTA Text (optional)" />
              <TextField
                meta={fields.secondaryCtaUrl}
                label="Secondary CTA URL (optional)"
                placeholder="e.g., /contact or https://example.com"
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <SubmitButton>Save Changes</SubmitButton>
              <button
                type="submit"
                name="intent"
                value="reset"
                formNoValidate
                className={secondaryButton}
                onClick={(event) => {
                  event.preventDefault();
                  form.reset();
                  toast(RESET_TOAST);
                }}
              >
                Reset
              </button>
            </div>
          </>
        )}
      </SettingsRecordForm>
    </SettingsScreen>
  );
}
