import { DEFAULT_POST_AUTHOR } from "~/content/publishing-defaults";
import { CATEGORY_NAMES, POST_CATEGORIES, postSchema } from "~/schemas/post";
import { CheckboxField, SelectField, TextareaField, TextField } from "./fields";
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
  /** "on" when marked as a financial promotion. */
  financialPromotion: string;
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
  financialPromotion: "",
  authorName: "",
};

export const AUTHOR_HINT = `Shown as "By …" under the title. Leave blank for "${DEFAULT_POST_AUTHOR}".`;

export const PUBLISH_AT_HINT =
  "London time. Leave blank to publish at once; a future time schedules the post.";

/** What the mark means, beside it on the post and role editors. */
export const PROMOTION_HINT =
  "It invites or induces people to invest (a product update usually does). While financial promotions need approval, publishing it waits for an approver.";

export const NEW_POST_PROMOTION_HINT = "A new product update is marked even if left unticked.";

export function PostForm({
  defaultValue,
  media,
  uploadLimits,
  ...props
}: PublicationFormProps & {
  defaultValue: PostFormValues;
  /** The cover image picker's choices. */
  media: MediaPickerOptions;
  /** The media library's size limit and its message, for the picker's upload. */
  uploadLimits: { maxBytes: number; tooLargeMessage: string };
}) {
  return (
    <PublicationRecordForm id="post" schema={postSchema} defaultValue={defaultValue} {...props}>
      {(fields) => (
        <>
          <TextField meta={fields.title} label="Title" />
          <SlugField meta={fields.slug} />
          <TextareaField meta={fields.summary} label="Summary" rows={3} />
          <TextField meta={fields.authorName} label="Author" hint={AUTHOR_HINT} autoComplete="off" />
          <MarkdownBodyField meta={fields.body} kind="post" />
          <MediaPicker
            meta={fields.coverImageId}
            legend="Cover image"
            noneLabel="No cover image"
            options={media}
            hint="Shown above the post and when it is shared."
            upload={uploadLimits}
          />
          <div className="grid gap-x-3 sm:grid-cols-2">
            <SelectField meta={fields.category} label="Category" options={CATEGORY_OPTIONS} />
            <DateTimeField meta={fields.publishAt} label="Publish at" hint={PUBLISH_AT_HINT} />
          </div>
          {/* A new post left unticked takes its category's default (a product update is a promotion). */}
          <CheckboxField
            meta={fields.financialPromotion}
            stated={props.version !== undefined}
            label="This is a financial promotion"
            hint={
              props.version === undefined ? `${PROMOTION_HINT} ${NEW_POST_PROMOTION_HINT}` : PROMOTION_HINT
            }
          />
        </>
      )}
    </PublicationRecordForm>
  );
}
