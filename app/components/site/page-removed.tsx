import { StatusNotice } from "./status-notice";

/** What an address an operator has retired (a 410 rule) shows, inside the site's header and footer. */
export function PageRemoved() {
  return <StatusNotice code={410} />;
}
