import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton, TextareaField, TextField } from "~/components/admin/fields";
import { adminMeta } from "~/components/admin/meta";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { SettingsForm, SettingsScreen, type SettingsScreenText } from "~/components/admin/settings-form";
import { secondaryButton } from "~/components/admin/styles";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { toast } from "~/components/ui/toast";
import { getHeroContent, readHeroContent, type HeroContent } from "~/models/hero.server";
import { STORES } from "~/server/collections/stores.server";
import { pendingNoticeOf } from "~/server/promotions/approvals.server";
import { heroSchema, type HeroInput } from "~/schemas/hero";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { settingsAction } from "~/server/forms/settings-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { readFormData } from "~/server/forms/form-data.server";
import { redirectWithToast } from "~/server/forms/toast.server";

const SCREEN: SettingsScreenText = {
  title: "Hero Section",
  description: "The title, subtitle and calls to action at the top of the home page.",
  path: "/admin/hero",
  loadingText: "Loading hero content...",
};

export const meta: MetaFunction = () => adminMeta(SCREEN.title);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const [hero, pending] = await Promise.all([getHeroContent(), pendingNoticeOf("hero-content", null)]);
  return data({ hero, pending }, { headers: ADMIN_CACHE_HEADERS });
}

/** SPEC 4: Reset restores the last loaded values, with this notice. */
export const RESET_TOAST = { title: "Form Reset", description: "Form has been reset to original values." };

const save = settingsAction({
  schema: heroSchema,
  // Through the hero's store: a financial promotion, it may wait for approval (issue 42).
  write: (value, actor, version) => STORES["hero-content"].update(value, actor, version),
  current: { section: "hero", read: readHeroContent },
  successUrl: SCREEN.path,
  successMessage: "Hero content updated successfully!",
  failureMessage: "Failed to update hero content. Please try again.",
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
  const reply = useActionData<typeof action>();
  return (
    <SettingsScreen {...SCREEN} pending={pending}>
      <HeroForm key={hero.version} hero={hero} reply={reply} />
    </SettingsScreen>
  );
}

function HeroForm({ hero, reply }: { hero: HeroContent; reply: AdminFormReply | undefined }) {
  const [form, fields] = useAdminForm<HeroInput>({
    id: "hero",
    schema: heroSchema,
    reply,
    defaultValue: hero,
  });
  return (
    <SettingsForm form={form} version={hero.version} reply={reply} spacing="gap-3">
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
    </SettingsForm>
  );
}
