import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { mediaAltSchema, type MediaAltInput } from "~/schemas/media";
import { FormMessages, SubmitButton, TextareaField } from "~/components/admin/fields";
import { versionToPost } from "~/components/admin/form-reply";
import { useActionToast } from "~/components/admin/use-action-toast";
import type { MediaAltReply } from "./media-views";

/**
 * An image's alt text, saved over the version the page was loaded with. When someone else changed it
 * meanwhile, the form keeps what the operator typed, says what it reads now, and saving again replaces it.
 */
export function MediaAltForm({ alt, version, reply }: { alt: string; version: number; reply: MediaAltReply | undefined }) {
  useActionToast(reply?.toast);
  const [form, fields] = useForm<MediaAltInput>({
    id: "media-alt",
    lastResult: reply?.result,
    defaultValue: { alt },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mediaAltSchema, disableAutoCoercion: true }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" replace {...getFormProps(form)} className="grid gap-2">
      <FormMessages form={form} />
      {reply?.current ? (
        <div className="rounded-md border border-amber-700 bg-amber-50 px-3 py-2 text-sm text-navy-900">
          <p className="font-medium">It now reads:</p>
          <p className="mt-0.5 break-words">&ldquo;{reply.current.alt}&rdquo;</p>
          <p className="mt-1 text-navy-700">Save again to replace it with the text below, or go back to the library to keep it.</p>
        </div>
      ) : null}
      <input type="hidden" name="version" value={reply?.current?.version ?? versionToPost(reply, version)} />
      <TextareaField
        meta={fields.alt}
        label="Alt text"
        rows={3}
        hint="Describe the image for someone who cannot see it. It is read out wherever the image appears on the site."
      />
      <div className="flex flex-wrap justify-end gap-2">
        <SubmitButton>Save alt text</SubmitButton>
      </div>
    </Form>
  );
}
