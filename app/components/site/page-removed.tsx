import { StatusNotice } from "./status-notice";

/** What an address an operator has retired (a 410 rule) shows, inside the site's header and footer. */
export function PageRemoved() {
  return (
    <StatusNotice
      id="page-removed-title"
      status="Error 410"
      heading="This page has been removed"
      lead="We have taken this page down on purpose, and it will not be coming back."
      detail="What you were looking for may be elsewhere on the site: start from the home page, or search."
      otherLink={{ to: "/contact", label: "Contact us" }}
    />
  );
}
