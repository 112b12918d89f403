/** Who makes a change: recorded in the audit log. */
export interface Actor {
  userId: number | null;
  email: string;
}

export type WriteResult<T> =
  | { ok: true; record: T }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "conflict"; message: string }
  | { ok: false; reason: "invalid"; field: string; message: string };
