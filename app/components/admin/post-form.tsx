import { DEFAULT_POST_AUTHOR } from "~/content/publishing-defaults";
import { CATEGORY_NAMES, POST_CATEGORIES, postSchema } from "~/schemas/post";
import { SelectField, TextareaField, TextField } from "./fields";
import { MediaPicker, type MediaPickerOptions } from "./media-picker";
import { DateTimeField, MarkdownBodyField, SlugField } from "./publication-fields";
import { PublicationRecordForm, type PublicationFormProps } from "./publishing/publication-record-form";

const CATEGORY_OPTIONS = POST_CATEGORIES.map((category) => ({
  value: category,
  label: CATEGORY_NAMES[category],
}));

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
  /** The byline; blank for the newsroom's. */
  authorName: string;
}

/** A new post's form: blank, filed under News. */
export const NEW_POST_VALUES: PostFormValues = {
  title: "",
  slug: "",
  summary: "",
  body: "",
  category: "news",
  publishAt: "",
  coverImageId: "",
  authorName: "",
};

export const AUTHOR_HINT = `Shown as "By …" under the title. Leave blank for "${DEFAULT_POST_AUTHOR}".`;

export const PUBLISH_AT_HINT =
  "London time. Leave blank to publish at once; a future time schedules the post.";

export function PostForm({
  defaultValue,
  media,
  ...props
}: PublicationFormProps & {
  defaultValue: PostFormValues;
  /** The cover image picker's choices. */
  media: MediaPickerOptions;
}) {
  return (
    <PublicationRecordForm id="post" schema={postSchema} defaultValue={defaultValue} {...props}>
      {(fields) => (
        <>
          <TextField meta={fields.title} label="Title" />
          <SlugField meta={fields.slug} />
          <TextareaField meta={fields.summary} label="Summary" rows={3} />
          <TextField meta={fields.authorName} label="Author" hint={AUTHOR_HINT} autoComplete="off" />
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
        </>
      )}
    </PublicationRecordForm>
  );
}
