import { Form } from "@remix-run/react";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { SubmitButton } from "~/components/admin/fields";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { RecordCancel, RecordTitle } from "~/components/admin/record-dialog";
import { dangerButtonClass } from "~/components/admin/styles";
import { useFormRefusal } from "~/components/admin/use-action-toast";
import { MediaUseList } from "./media-uses";
import type { MediaCardView } from "./media-views";

/**
 * An image's delete confirmation (a dialog with JavaScript, a panel on the library's page without). While
 * the image is used somewhere it cannot be deleted: the places are listed, linked, and there is no button.
 */
export function MediaDeleteConfirmation({
  item,
  inUseMessage,
  reply,
}: {
  item: MediaCardView;
  inUseMessage: string | null;
  reply: AdminFormReply | undefined;
}) {
  const formError = useFormRefusal(reply);
  return (
    <div className="grid gap-4">
      <RecordTitle>Delete Image</RecordTitle>
      {/* The thumbnail beside the question, above it where the dialog is narrow. */}
      <div className="flex flex-wrap items-start gap-4">
        <div className="w-24 shrink-0 overflow-hidden rounded-md border border-navy-200 bg-navy-50">
          <ResponsiveImage image={item.image} sizes="96px" alt="" className="aspect-[4/3] w-full object-contain" />
        </div>
        <div className="grid min-w-48 flex-1 gap-1 text-sm">
          <p className="text-navy-800">
            Delete this image? &ldquo;<span className="font-medium break-words text-navy-950">{item.image.alt}</span>&rdquo;
            {item.fileName ? <span className="break-all text-navy-700"> ({item.fileName})</span> : null}
          </p>
          <p className="text-navy-700">It leaves the library for good and its addresses stop working.</p>
        </div>
      </div>
      {inUseMessage ? (
        <>
          {/* After a refused post the reason is announced; on arriving it is simply read with the page. */}
          <div role={reply ? "alert" : undefined} className="grid gap-2 rounded-md border border-amber-700 bg-amber-50 px-3 py-3 text-sm">
            <p className="font-medium text-amber-950">{inUseMessage}</p>
            <MediaUseList uses={item.uses} />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <RecordCancel>Back to library</RecordCancel>
          </div>
        </>
      ) : (
        <Form method="post" replace className="grid gap-4">
          <div role="alert">
            {formError ? (
              <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">{formError}</p>
            ) : null}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <RecordCancel initialFocus />
            <SubmitButton pendingText="Deleting..." className={dangerButtonClass}>
              Delete image
            </SubmitButton>
          </div>
        </Form>
      )}
    </div>
  );
}
