import { StatusNotice } from "./status-notice";

/** The not-found page's content (SPEC 2's heading and text), for unknown paths and thrown 404s alike. */
export function NotFound() {
  return <StatusNotice code={404} />;
}
