import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { dialogFormId, dialogScreenAt } from "~/collections";
import { DialogForm } from "~/components/admin/dialogs/dialog-form";
import { RecordHistoryLink } from "~/components/admin/history-link";
import { PendingApprovalNotice } from "~/components/admin/pending-approval-notice";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { editRecordLoader, updateRecordAction } from "~/server/admin/record-routes.server";

export const loader = editRecordLoader;

export const action = updateRecordAction;

export const shouldRevalidate = revalidateAfterConflict;

export default function EditRecord() {
  const { section } = useParams();
  const { record, pending } = useLoaderData<typeof loader>();
  const version = Number(record.version);
  return (
    <>
      <DialogForm
        key={version}
        screen={dialogScreenAt(section)!}
        formId={dialogFormId(section)}
        mode="edit"
        defaultValue={record}
        version={version}
        reply={useActionData<typeof action>()}
        notice={<PendingApprovalNotice pending={pending} />}
      />
      <RecordHistoryLink section={section!} />
    </>
  );
}
