import {
  getFormProps,
  useForm,
  type DefaultValue,
  type FormMetadata,
  type Submission,
} from "@conform-to/react";
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
import { CompanyValuesOffer, TAKE_COMPANY_VALUES_FIELD } from "~/components/admin/seo/company-values-offer";
import { carriedDrafts, otherDrafts, postedDraft, unsavedDrafts } from "~/components/admin/seo/seo-drafts";
import {
  ImplicitSaveButton,
  SHOW_TAB_FIELD,
  tabClass,
  tabListClass,
  TabSwitchButtons,
  UnsavedMark,
} from "~/components/admin/seo/seo-tab-nav";
import { isSeoTab, SEO_TABS, seoTabUrl, tabFields, type SeoTab } from "~/components/admin/seo/seo-tabs";
import { UnsavedDraftsNotice } from "~/components/admin/seo/unsaved-drafts-notice";
import { SEO_DRAFTS_FIELD, type SeoDraft, type SeoDrafts } from "~/schemas/seo-drafts";
import {
  getCompanySettings,
  readCompanySettings,
  updateCompanySettings,
} from "~/models/company-settings.server";
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

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const [seo, company] = await Promise.all([getSeoSettings(), getCompanySettings()]);
  const media = await mediaPickerOptions([seo.ogImageId, seo.logoImageId]);
  return data({ seo, company, media }, { headers: ADMIN_CACHE_HEADERS });
}

const SEO_SUCCESS = "SEO settings updated successfully!";
const SEO_FAILURE = "Failed to update SEO settings. Please try again.";
const COMPANY_SUCCESS = "Company settings updated successfully!";

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
const savedOnTab = (tab: SeoTab) => ({
  current: seoTab([...tabFields(tab)]),
  write: updateSeoSettings,
  successUrl: seoTabUrl(tab),
});

/** What the action answers without redirecting: a form's reply, or the drafts kept without JavaScript. */
export type SeoReply = Partial<AdminFormReply> & {
  /** Unsaved edits of tabs, kept while the operator switches tabs without JavaScript. */
  drafts?: SeoDrafts;
  /** A save's message when drafts of other tabs kept the page from reloading. */
  saved?: string;
};

function answer(body: SeoReply, init?: ResponseInit) {
  return data(body, { ...init, headers: { ...ADMIN_CACHE_HEADERS, ...init?.headers } });
}

function saveTab(
  tab: SeoTab,
  common: Omit<Parameters<typeof handleAdminForm>[0], "schema" | "write" | "successUrl">,
) {
  switch (tab) {
    case "meta":
      return handleAdminForm({ ...common, schema: metaTagsSchema, ...savedOnTab("meta") });
    case "analytics":
      return handleAdminForm({ ...common, schema: analyticsSchema, ...savedOnTab("analytics") });
    case "schema":
      return handleAdminForm({ ...common, schema: structuredDataSchema, ...savedOnTab("schema") });
    case "company":
      return handleAdminForm({
        ...common,
        schema: companySettingsSchema,
        write: (value, actor, version) => updateCompanySettings(value, actor, version),
        current: { section: "company", read: readCompanySettings },
        successUrl: seoTabUrl("company"),
        successMessage: COMPANY_SUCCESS,
        failureMessage: "Failed to update company settings. Please try again.",
      });
  }
}

/**
 * Each tab posts its own form here, told apart by its `intent` field. Without JavaScript a form also
 * carries the other tabs' unsaved drafts, and a tab switch (or taking the Company tab's values) posts it
 * to keep its edits: nothing is saved then, and every draft comes back with the page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdminPage(request);
  const formData = await readFormData(request.clone());
  const intent = formData.get("intent");
  if (!isSeoTab(intent)) {
    return answer(
      { result: { status: "error", error: { "": ["Invalid input"] } }, toast: failureToast(SEO_FAILURE) },
      { status: 400 },
    );
  }
  const carried = otherDrafts(carriedDrafts(formData), intent);

  if (isSeoTab(formData.get(SHOW_TAB_FIELD))) {
    return answer({ drafts: { ...carried, [intent]: postedDraft(intent, formData) } });
  }
  if (intent === "schema" && formData.has(TAKE_COMPANY_VALUES_FIELD)) {
    const company = await getCompanySettings();
    const schema = {
      ...postedDraft("schema", formData),
      organizationName: company.companyName,
      contactEmail: company.contactEmail,
    };
    return answer({ drafts: { ...carried, schema } });
  }

  const common = { request, context, intent, successMessage: SEO_SUCCESS, failureMessage: SEO_FAILURE };
  const outcome = await saveTab(intent, common);
  if (Object.keys(carried).length === 0) return outcome;
  // Saved: a redirect would drop the other tabs' drafts, so the page is answered as it is, with the notice.
  if (outcome instanceof Response) {
    return answer({ drafts: carried, saved: intent === "company" ? COMPANY_SUCCESS : SEO_SUCCESS });
  }
  return answer({ ...outcome.data, drafts: carried }, outcome.init ?? undefined);
}

export const shouldRevalidate = revalidateAfterConflict;

type Settings = ReturnType<typeof useLoaderData<typeof loader>>;

/** Each tab's saved values as its form holds them (texts; an image as its id or blank, social URLs one per line). */
function savedFormValues(seo: Settings["seo"], company: Settings["company"]): Record<SeoTab, SeoDraft> {
  return {
    meta: {
      pageTitle: seo.pageTitle,
      metaDescription: seo.metaDescription,
      keywords: seo.keywords,
      ogImageId: choiceValue(seo.ogImageId),
    },
    analytics: { gaTrackingId: seo.gaTrackingId },
    schema: {
      organizationName: seo.organizationName,
      websiteUrl: seo.websiteUrl,
      logoUrl: seo.logoUrl,
      logoImageId: choiceValue(seo.logoImageId),
      contactEmail: seo.contactEmail,
      socialUrls: seo.socialUrls.join("\n"),
    },
    company: {
      companyName: company.companyName,
      contactEmail: company.contactEmail,
      footerCopyright: company.footerCopyright,
    },
  };
}

/** The texts of a form's posted values (as Conform's reply holds them). */
function postedValues(initialValue: unknown): SeoDraft {
  if (!initialValue || typeof initialValue !== "object") return {};
  return Object.fromEntries(
    Object.entries(initialValue).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

export default function SeoAndAnalytics() {
  const { seo, company, media } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as SeoReply | undefined;
  useActionToast(reply?.toast);
  const [searchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const [tab, setTab] = useState<SeoTab>(isSeoTab(requested) ? requested : "meta");
  // A navigation to another ?tab= (a link, a save's redirect) opens that tab.
  const [shownRequest, setShownRequest] = useState(requested);
  if (requested !== shownRequest) {
    setShownRequest(requested);
    setTab(isSeoTab(requested) ? requested : "meta");
  }
  const hydrated = useHydrated();
  const saved = savedFormValues(seo, company);
  // A form answered with an error shows what was posted: unsaved too.
  const answered =
    reply?.intent && isSeoTab(reply.intent)
      ? { [reply.intent]: postedValues(reply.result?.initialValue) }
      : {};
  const drafts = unsavedDrafts({ ...reply?.drafts, ...answered }, saved);
  const unsaved = SEO_TABS.map((item) => item.value).filter((value) => drafts[value]);

  /** The form's own answer, or else its draft (shown as the values it was posted with). */
  const replyFor = (intent: SeoTab): AdminFormReply | undefined => {
    if (reply?.intent === intent && reply.result) return reply as AdminFormReply;
    const draft = drafts[intent];
    return draft ? { intent, result: { initialValue: draft } } : undefined;
  };

  const panel = (value: SeoTab): ReactNode => {
    const props = {
      // A form starts afresh when its own saved values change, not when another tab is saved (which would
      // drop what is typed in it).
      key: JSON.stringify(saved[value]),
      reply: replyFor(value),
      defaultValue: saved[value],
      // With JavaScript every tab's form is on the page and keeps its own edits.
      carried: hydrated ? {} : otherDrafts(drafts, value),
    };
    switch (value) {
      case "meta":
        return <MetaTagsForm {...props} seo={seo} media={media} />;
      case "analytics":
        return <AnalyticsForm {...props} seo={seo} />;
      case "schema":
        return <SchemaForm {...props} seo={seo} media={media} company={company} />;
      case "company":
        return <CompanyForm {...props} company={company} />;
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
            if (!isSeoTab(value)) return;
            setTab(value);
            // Keep the address in step (reload and share land on the same tab) without a navigation.
            window.history.replaceState(window.history.state, "", seoTabUrl(value));
          }}
        >
          <Tabs.List aria-label="SEO & Analytics sections" className={tabListClass}>
            {SEO_TABS.map((item) => (
              <Tabs.Trigger key={item.value} value={item.value} className={tabClass}>
                {item.label}
                {unsaved.includes(item.value) ? <UnsavedMark /> : null}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {SEO_TABS.map((item) => (
            <Tabs.Content
              key={item.value}
              value={item.value}
              forceMount
              hidden={tab !== item.value}
              className="focus-visible:outline-2"
            >
              {panel(item.value)}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : (
        // Without JavaScript the server opens the chosen panel; the tabs post the shown form to keep its edits.
        <>
          <TabSwitchButtons
            shown={tab}
            formId={FORMS[tab].id}
            saveLabel={FORMS[tab].submitLabel}
            unsaved={unsaved}
          />
          <UnsavedDraftsNotice unsaved={unsaved} shown={tab} saved={reply?.saved} />
          {panel(tab)}
        </>
      )}
    </>
  );
}

/** Each tab's form: its id, its heading, and its save button's text. */
const FORMS: Record<SeoTab, { id: string; title: string; submitLabel: string }> = {
  meta: { id: "seo-meta", title: "Meta Tags", submitLabel: "Save Meta Tags" },
  analytics: { id: "seo-analytics", title: "Google Analytics 4", submitLabel: "Save Analytics Settings" },
  schema: { id: "seo-schema", title: "Schema", submitLabel: "Save Schema Settings" },
  company: { id: "company", title: "Company", submitLabel: "Save Company Info" },
};

function SettingsForm<S extends Record<string, unknown>>({
  form,
  intent,
  version,
  reply,
  carried,
  children,
}: {
  form: FormMetadata<S>;
  intent: SeoTab;
  version: number;
  reply: AdminFormReply | undefined;
  carried: SeoDrafts;
  children: ReactNode;
}) {
  const { title, submitLabel } = FORMS[intent];
  return (
    <Form method="post" {...getFormProps(form)} className={`${panelClass} grid gap-2 p-4 sm:p-6`}>
      <ImplicitSaveButton label={submitLabel} />
      <h2 className="mb-1 text-base font-semibold text-navy-950">{title}</h2>
      <FormMessages form={form} merge={reply?.merge} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={versionToPost(reply, version)} />
      {Object.keys(carried).length > 0 ? (
        <input type="hidden" name={SEO_DRAFTS_FIELD} value={JSON.stringify(carried)} />
      ) : null}
      {children}
      <div className="mt-2">
        <SubmitButton intent={intent}>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}

/** What each tab's form is given: its answer or draft, its saved values, the other tabs' drafts to carry. */
interface TabFormProps {
  reply: AdminFormReply | undefined;
  defaultValue: SeoDraft;
  carried: SeoDrafts;
}

function useSettingsForm<S extends Record<string, unknown>>(
  id: string,
  schema: z.ZodType<unknown>,
  { defaultValue, reply }: TabFormProps,
) {
  return useForm<S>({
    id,
    lastResult: reply?.result,
    defaultValue: defaultValue as DefaultValue<S>,
    // The schema's output is S (or, for the social URLs, what S's text becomes once split).
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema, disableAutoCoercion: true }) as Submission<S>,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

type SeoFormProps = TabFormProps & { seo: Settings["seo"] };
type WithMedia = SeoFormProps & { media: MediaPickerOptions };

/** A picker's value as its form holds it: the image's id, or blank for none. */
const choiceValue = (id: number | null) => (id === null ? "" : String(id));

/** What search engines read, apart from what visitors see (decision 0032). */
const FOR_SEARCH_ENGINES = "For search engines: in the site's structured data, not shown on its pages.";

function MetaTagsForm({ seo, media, ...props }: WithMedia) {
  const [form, fields] = useSettingsForm<
    Omit<z.infer<typeof metaTagsSchema>, "ogImageId"> & { ogImageId: string }
  >(FORMS.meta.id, metaTagsSchema, props);
  return (
    <SettingsForm form={form} intent="meta" version={seo.version} {...props}>
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

function AnalyticsForm({ seo, ...props }: SeoFormProps) {
  const [form, fields] = useSettingsForm<z.infer<typeof analyticsSchema>>(
    FORMS.analytics.id,
    analyticsSchema,
    props,
  );
  return (
    <SettingsForm form={form} intent="analytics" version={seo.version} {...props}>
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
      <input
        id={id}
        type="checkbox"
        defaultChecked
        className="size-4 rounded border-navy-400 accent-accent-700"
      />
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
    </div>
  );
}

function SchemaForm({ seo, media, company, ...props }: WithMedia & { company: Settings["company"] }) {
  const [form, fields] = useSettingsForm<
    Omit<z.infer<typeof structuredDataSchema>, "socialUrls" | "logoImageId"> & {
      socialUrls: string;
      logoImageId: string;
    }
  >(FORMS.schema.id, structuredDataSchema, props);
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
    <SettingsForm form={form} intent="schema" version={seo.version} {...props}>
      <CompanyValuesOffer
        company={company}
        organizationName={{ name: fields.organizationName.name, value: fields.organizationName.value ?? "" }}
        contactEmail={{ name: fields.contactEmail.name, value: fields.contactEmail.value ?? "" }}
      />
      <TextField meta={fields.organizationName} label="Organization Name" hint={FOR_SEARCH_ENGINES} />
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
      <TextField meta={fields.contactEmail} label="Contact Email" type="email" hint={FOR_SEARCH_ENGINES} />
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

function CompanyForm({ company, ...props }: TabFormProps & { company: Settings["company"] }) {
  const [form, fields] = useSettingsForm<CompanySettingsInput>(
    FORMS.company.id,
    companySettingsSchema,
    props,
  );
  return (
    <SettingsForm form={form} intent="company" version={company.version} {...props}>
      <TextField
        meta={fields.companyName}
        label="Company Name"
        hint="Shown to visitors in the site's header and footer."
      />
      <TextField
        meta={fields.contactEmail}
        label="Contact Email"
        type="email"
        hint="Shown to visitors in the footer's Contact column."
      />
      <TextField
        meta={fields.footerCopyright}
        label="Footer Copyright Text"
        hint="{year} shows as the current year."
      />
    </SettingsForm>
  );
}
