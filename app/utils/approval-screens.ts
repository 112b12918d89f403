/** The Approvals screen's statuses and addresses, shared by its route, its server side and the API (issue 42). */

export const APPROVALS_URL = "/admin/approvals";

export const APPROVAL_STATUSES = ["pending", "approved", "rejected"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export function isApprovalStatus(value: string | null): value is ApprovalStatus {
  return (APPROVAL_STATUSES as readonly (string | null)[]).includes(value);
}

/** The list of changes of a status: /admin/approvals (pending), /admin/approvals?status=approved. */
export function approvalHref(status: ApprovalStatus): string {
  return status === "pending" ? APPROVALS_URL : `${APPROVALS_URL}?status=${status}`;
}
