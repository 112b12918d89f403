import { getFormProps, useForm, type DefaultValue, type FormMetadata, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import * as Tabs from "@radix-ui/react-tabs";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useId, useState, type ReactNode } from "react";
import { z } from "zod";
import { FormMessages, SubmitButton, TextareaField, TextField } from "~/components/admin/fields";
import { versionToPost, type AdminFormReply } from "~/components/admin/form-reply";
import { LoadingStatus } from "~/components/admin/loading-status";
import { MediaPicker, type MediaPickerOptions } from "~/components/admin/media-picker";
import { adminMeta } from "~/components/admin/meta";
import { HistoryLink } from "~/components/admin/history-link";
import { AdminPageHeader } from "~/components/admin/page-header";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { labelClass, panelClass } from "~/components/admin/styles";
import { useActionToast } from "~/components/admin/use-action-toast";
import { useHydrated } from "~/utils/hydrated";
import { getCompanySettings, readCompanySettings, updateCompanySettings } from "~/models/company-settings.server";
import { getSeoSettings, readSeoSettings, updateSeoSettings } from "~/models/seo-settings.server";
import {
  analyticsSchema,
  companySettingsSchema,
  metaTagsSchema,
  structuredDataSchema,
  type CompanySettingsInput,
} from "~/schemas/settings";
import { ADMIN_CACHE_HEADERS, failureToast, handleAdminForm } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { readFormData } from "~/server/forms/form-data.server";
import { mediaChoiceLabels, mediaPickerOptions } from "~/server/media/media-picker.server";

export const meta: MetaFunction = () => adminMeta("SEO & Analytics");

const TABS = [
  { value: "meta", label: "Meta Tags" },
  { value: "analytics", label: "Analytics" },
  { value: "schema", label: "Schema" },
  { value: "company", label: "Company" },
] as const;
type Tab = (typeof TABS)[number]["value"];

function isTab(value: string | null): value is Tab {
  return TABS.some((tab) => tab.value === value);
}

function tabUrl(tab: Tab): string {
  return tab === "meta" ? "/admin/seo" : `/admin/seo?tab=${tab}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const [seo, company] = await Promise.all([getSeoSettings(), getCompanySettings()]);
  const media = await mediaPickerOptions([seo.ogImageId, seo.logoImageId]);
  return data({ seo, company, media }, { headers: ADMIN_CACHE_HEADERS });
}

const SEO_SUCCESS = "SEO settings updated successfully!";
const SEO_FAILURE = "Failed to update SEO settings. Please try again.";

const NO_SHARE_IMAGE = "No default sharing image";
const NO_LIBRARY_LOGO = "No library image — use the Logo URL";

/** The SEO settings as one tab's form edits them (for a refused stale save's merge). */
const seoTab = (fields: string[]) => ({
  section: "seo",
  read: readSeoSettings,
  fields,
  valueLabels: async () => ({
    ogImageId: await mediaChoiceLabels(NO_SHARE_IMAGE),
    logoImageId: await mediaChoiceLabels(NO_LIBRARY_LOGO),
  }),
});

/** How an SEO settings tab's form is saved: the settings it edits, written over the SEO settings, back to the tab. */
const savedOnTab = (tab: Tab, fields: string[]) => ({
  current: seoTab(fields),
  write: updateSeoSettings,
  successUrl: tabUrl(tab),
});

/** Each tab posts its own form here, told apart by its `intent` field. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdminPage(request);
  const intent = String((await readFormData(request.clone())).get("intent") ?? "");
  const common = { request, context, intent, successMessage: SEO_SUCCESS, failureMessage: SEO_FAILURE };
  switch (intent) {
    case "meta":
      return handleAdminForm({
        ...common,
        schema: metaTagsSchema,
        ...savedOnTab("meta", ["pageTitle", "metaDescription", "keywords", "ogImageId"]),
      });
    case "analytics":
      return handleAdminForm({ ...common, schema: analyticsSchema, ...savedOnTab("analytics", ["gaTrackingId"]) });
    case "schema":
      return handleAdminForm({
        ...common,
        schema: structuredDataSchema,
        ...savedOnTab("schema", ["organizationName", "websiteUrl", "logoUrl", "logoImageId", "contactEmail", "socialUrls"]),
      });
    case "company":
      return handleAdminForm({
        ...common,
        schema: companySettingsSchema,
        write: (value, actor, version) => updateCompanySettings(value, actor, version),
        current: { section: "company", read: readCompanySettings },
        successUrl: tabUrl("company"),
        successMessage: "Company settings updated successfully!",
        failureMessage: "Failed to update company settings. Please try again.",
      });
    default: {
      const reply: AdminFormReply = {
        result: { status: "error", error: { "": ["Invalid input"] } },
        toast: failureToast(SEO_FAILURE),
      };
      return data(reply, { status: 400, headers: ADMIN_CACHE_HEADERS });
    }
  }
}

export const shouldRevalidate = revalidateAfterConflict;

type Settings = ReturnType<typeof useLoaderData<typeof loader>>;

export default function SeoAndAnalytics() {
  const { seo, company, media } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  useActionToast(reply?.toast);
  const [searchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const [tab, setTab] = useState<Tab>(isTab(requested) ? requested : "meta");
  // A navigation to another ?tab= (a link, a save's redirect) opens that tab.
  const [shownRequest, setShownRequest] = useState(requested);
  if (requested !== shownRequest) {
    setShownRequest(requested);
    setTab(isTab(requested) ? requested : "meta");
  }
  const hydrated = useHydrated();
  const resultFor = (intent: Tab) => (reply?.intent === intent ? reply : undefined);

  const panel = (value: Tab): ReactNode => {
    switch (value) {
      case "meta":
        return <MetaTagsForm key={seo.version} seo={seo} media={media} reply={resultFor("meta")} />;
      case "analytics":
        return <AnalyticsForm key={seo.version} seo={seo} reply={resultFor("analytics")} />;
      case "schema":
        return <SchemaForm key={seo.version} seo={seo} media={media} reply={resultFor("schema")} />;
      case "company":
        return <CompanyForm key={company.version} company={company} reply={resultFor("company")} />;
    }
  };

  return (
    <>
      <AdminPageHeader
        title="SEO & Analytics"
        description="Configure SEO settings and analytics integration."
        actions={<HistoryLink to={tab === "company" ? "/admin/company/history" : "/admin/seo/history"} />}
      />
      <LoadingStatus
        path="/admin/seo"
        text={tab === "company" ? "Loading company settings..." : "Loading SEO settings..."}
      />
      {hydrated ? (
        <Tabs.Root
          value={tab}
          onValueChange={(value) => {
            if (!isTab(value)) return;
            setTab(value);
            // Keep the address in step (reload and share land on the same tab) without a navigation.
            window.history.replaceState(window.history.state, "", tabUrl(value));
          }}
        >
          <Tabs.List aria-label="SEO & Analytics sections" className={tabListClass}>
            {TABS.map((item) => (
              <Tabs.Trigger key={item.value} value={item.value} className={tabClass}>
                {item.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map((item) => (
            <Tabs.Content key={item.value} value={item.value} forceMount hidden={tab !== item.value} className="focus-visible:outline-2">
              {panel(item.value)}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : (
        // Without JavaScript the tabs are links and the server opens the chosen panel.
        <>
          <nav aria-label="SEO & Analytics sections">
            <ul className={tabListClass}>
              {TABS.map((item) => (
                <li key={item.value}>
                  <a
                    href={tabUrl(item.value)}
                    aria-current={tab === item.value ? "page" : undefined}
                    data-state={tab === item.value ? "active" : "inactive"}
                    className={tabClass}
                  >
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {panel(tab)}
        </>
      )}
    </>
  );
}

// The tabs wrap onto a second line on a narrow screen rather than hide one behind a scroll.
const tabListClass = "mb-4 flex flex-wrap gap-x-1 border-b border-navy-200";
const tabClass =
  "-mb-px inline-block border-b-2 border-transparent px-2 py-2 text-sm sm:px-3 font-medium whitespace-nowrap text-navy-700 hover:text-navy-950 data-[state=active]:border-accent-700 data-[state=active]:text-navy-950";

function SettingsForm<S extends Record<string, unknown>>({
  form,
  intent,
  title,
  version,
  reply,
  submitLabel,
  children,
}: {
  form: FormMetadata<S>;
  intent: Tab;
  title: string;
  version: number;
  reply: AdminFormReply | undefined;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...getFormProps(form)} className={`${panelClass} grid gap-2 p-4 sm:p-6`}>
      <h2 className="mb-1 text-base font-semibold text-navy-950">{title}</h2>
      <FormMessages form={form} merge={reply?.merge} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={versionToPost(reply, version)} />
      {children}
      <div className="mt-2">
        <SubmitButton intent={intent}>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}

function useSettingsForm<S extends Record<string, unknown>>(
  id: string,
  schema: z.ZodType<unknown>,
  defaultValue: DefaultValue<S>,
  reply: AdminFormReply | undefined,
) {
  return useForm<S>({
    id,
    lastResult: reply?.result,
    defaultValue,
    // The schema's output is S (or, for the social URLs, what S's text becomes once split).
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }) as Submission<S>,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

type FormProps = { seo: Settings["seo"]; reply: AdminFormReply | undefined };
type WithMedia = FormProps & { media: MediaPickerOptions };

/** A picker's value as its form holds it: the image's id, or blank for none. */
const choiceValue = (id: number | null) => (id === null ? "" : String(id));

function MetaTagsForm({ seo, media, reply }: WithMedia) {
  const [form, fields] = useSettingsForm<Omit<z.infer<typeof metaTagsSchema>, "ogImageId"> & { ogImageId: string }>(
    "seo-meta",
    metaTagsSchema,
    { ...seo, ogImageId: choiceValue(seo.ogImageId) },
    reply,
  );
  return (
    <SettingsForm form={form} intent="meta" title="Meta Tags" version={seo.version} reply={reply} submitLabel="Save Meta Tags">
      <TextField meta={fields.pageTitle} label="Site Title" />
      <TextareaField
        meta={fields.metaDescription}
        label="Meta Description"
        hint="150-160 characters recommended"
        rows={3}
        counted
      />
      <TextField meta={fields.keywords} label="Keywords (comma-separated)" />
      <MediaPicker
        meta={fields.ogImageId}
        legend="Default sharing image"
        noneLabel={NO_SHARE_IMAGE}
        options={media}
        hint="Shown when a page is shared on social media or in messages (Open Graph and Twitter). A post with a cover image shares its cover."
      />
    </SettingsForm>
  );
}

function AnalyticsForm({ seo, reply }: FormProps) {
  const [form, fields] = useSettingsForm<z.infer<typeof analyticsSchema>>("seo-analytics", analyticsSchema, seo, reply);
  return (
    <SettingsForm
      form={form}
      intent="analytics"
      title="Google Analytics 4"
      version={seo.version}
      reply={reply}
      submitLabel="Save Analytics Settings"
    >
      <TextField meta={fields.gaTrackingId} label="Measurement ID" placeholder="G-XXXXXXXXXX" />
      {/* SPEC: both on by default and held only on the screen: no name, so they are never sent. */}
      <ScreenOnlyCheckbox label="Enable enhanced measurement" />
      <ScreenOnlyCheckbox label="Track outbound links" />
    </SettingsForm>
  );
}

function ScreenOnlyCheckbox({ label }: { label: string }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 py-1">
      <input id={id} type="checkbox" defaultChecked className="size-4 rounded border-navy-400 accent-accent-700" />
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
    </div>
  );
}

function SchemaForm({ seo, media, reply }: WithMedia) {
  const [form, fields] = useSettingsForm<
    Omit<z.infer<typeof structuredDataSchema>, "socialUrls" | "logoImageId"> & { socialUrls: string; logoImageId: string }
  >(
    "seo-schema",
    structuredDataSchema,
    { ...seo, socialUrls: seo.socialUrls.join("\n"), logoImageId: choiceValue(seo.logoImageId) },
    reply,
  );
  const lines = (fields.socialUrls.value ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  // The schema checks each URL; say which one is wrong.
  const socialMessages = Object.entries(fields.socialUrls.allErrors).flatMap(([name, messages]) => {
    const index = /\[(\d+)\]$/.exec(name)?.[1];
    const line = index === undefined ? undefined : lines[Number(index)];
    return messages.map((message) => (line ? `${message}: ${line}` : message));
  });
  return (
    <SettingsForm form={form} intent="schema" title="Schema" version={seo.version} reply={reply} submitLabel="Save Schema Settings">
      <TextField meta={fields.organizationName} label="Organization Name" />
      <TextField meta={fields.websiteUrl} label="Website URL" type="url" placeholder="https://example.com" />
      <TextField
        meta={fields.logoUrl}
        label="Logo URL (optional)"
        type="url"
        placeholder="https://example.com/logo.png"
        hint="An address elsewhere; a logo chosen from the media library below is used in its place."
      />
      <MediaPicker
        meta={fields.logoImageId}
        legend="Logo from the media library"
        noneLabel={NO_LIBRARY_LOGO}
        options={media}
        hint="The organisation's logo in the structured data search engines read."
      />
      <TextField meta={fields.contactEmail} label="Contact Email" type="email" />
      <TextareaField
        meta={fields.socialUrls}
        label="Social Media URLs (one per line)"
        rows={4}
        placeholder="https://www.linkedin.com/company/example"
        messages={socialMessages}
      />
    </SettingsForm>
  );
}

function CompanyForm({
  company,
  reply,
}: {
  company: Settings["company"];
  reply: AdminFormReply | undefined;
}) {
  const [form, fields] = useSettingsForm<CompanySettingsInput>("company", companySettingsSchema, company, reply);
  return (
    <SettingsForm form={form} intent="company" title="Company" version={company.version} reply={reply} submitLabel="Save Company Info">
      <TextField meta={fields.companyName} label="Company Name" />
      <TextField meta={fields.contactEmail} label="Contact Email" type="email" />
      <TextField
        meta={fields.footerCopyright}
        label="Footer Copyright Text"
        hint="{year} shows as the current year."
      />
    </SettingsForm>
  );
}
