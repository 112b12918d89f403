import { StatusNotice } from "./status-notice";

/** The not-found page's content (SPEC 2's heading and text), for unknown paths and thrown 404s alike. */
export function NotFound() {
  return (
    <StatusNotice
      id="not-found-title"
      status="Error 404"
      heading="404 Page Not Found"
      lead="Did you forget to add the page to the router?"
      detail="The address may be mistyped, or the page may have moved. Try the home page, or search the site."
      otherLink={{ to: "/platforms", label: "See our platforms" }}
    />
  );
}
