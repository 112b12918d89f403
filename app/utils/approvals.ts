/** What an editor is told when a financial promotion they saved waits for approval (issue 42). */
export const PENDING_APPROVAL_MESSAGE = "Saved. Waiting for approval";
