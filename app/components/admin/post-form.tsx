import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CATEGORY_NAMES, POST_CATEGORIES, postSchema, type PostInput } from "~/schemas/post";
import type { AdminFormReply } from "./form-reply";
import { SelectField, TextareaField, TextField } from "./fields";
import { MediaPicker, type MediaPickerOptions } from "./media-picker";
import { DateTimeField, MarkdownBodyField, PublicationButtons, PublishingForm, SlugField } from "./publication-fields";
import { useActionToast } from "./use-action-toast";

const CATEGORY_OPTIONS = POST_CATEGORIES.map((category) => ({ value: category, label: CATEGORY_NAMES[category] }));

export interface PostFormValues {
  title: string;
  slug: string;
  summary: string;
  body: string;
  category: string;
  /** datetime-local, London time; blank for none. */
  publishAt: string;
  /** A media library image's id; blank for none. */
  coverImageId: string;
}

export const PUBLISH_AT_HINT = "London time. Leave blank to publish at once; a future time schedules the post.";

export function PostForm({
  defaultValue,
  version,
  published,
  live,
  now,
  media,
  reply,
}: {
  defaultValue: PostFormValues;
  /** Absent when creating. */
  version?: number;
  published: boolean;
  live: boolean;
  now: number;
  /** The cover image picker's choices. */
  media: MediaPickerOptions;
  reply: AdminFormReply | undefined;
}) {
  useActionToast(reply?.toast);
  const [form, fields] = useForm<PostInput>({
    id: "post",
    lastResult: reply?.result,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: postSchema, disableAutoCoercion: true }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <PublishingForm form={form} version={version} reply={reply}>
      <TextField meta={fields.title} label="Title" />
      <SlugField meta={fields.slug} />
      <TextareaField meta={fields.summary} label="Summary" rows={3} />
      <MarkdownBodyField meta={fields.body} />
      <MediaPicker
        meta={fields.coverImageId}
        legend="Cover image"
        noneLabel="No cover image"
        options={media}
        hint="Shown above the post and when it is shared."
      />
      <div className="grid gap-x-3 sm:grid-cols-2">
        <SelectField meta={fields.category} label="Category" options={CATEGORY_OPTIONS} />
        <DateTimeField meta={fields.publishAt} label="Publish at" hint={PUBLISH_AT_HINT} />
      </div>
      <PublicationButtons published={published} live={live} publishAt={fields.publishAt.value} now={now} />
    </PublishingForm>
  );
}
