/**
 * A record id from a URL: a positive PostgreSQL integer written plainly ("12", not "012", "1e3", "-1" or
 * "1.5"), or null. Callers answer null with their own 404.
 */
export function parseRecordId(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) return null;
  return Number(value);
}
