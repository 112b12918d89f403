import { z } from "zod";
import { recordVersion, requiredText } from "./fields";

/** Withdrawing a live financial promotion (issue 42): the reason is kept in the register. */
export const withdrawalSchema = z.object({
  reason: requiredText("A reason is required: why the promotion no longer complies", 2000),
  // Forms post a version; a register row has none to check (it never changes).
  version: recordVersion,
});
