import { useParams } from "@remix-run/react";
import { collectionAt, dialogScreenAt } from "~/collections";
import { RecordDeleteConfirmation } from "~/components/admin/confirm-delete";
import { deleteRecordLoader, removeRecordAction } from "~/server/admin/record-routes.server";

export const loader = deleteRecordLoader;

export const action = removeRecordAction;

export default function DeleteRecord() {
  const { section } = useParams();
  return (
    <RecordDeleteConfirmation
      title={`Delete ${dialogScreenAt(section)!.formNoun}`}
      noun={collectionAt(section)!.noun}
    />
  );
}
