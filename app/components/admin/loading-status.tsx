import { useNavigation } from "@remix-run/react";

/**
 * SPEC's loading texts ("Loading products..."). Pages render on the server with their data, so the text is
 * only ever shown while a list is fetched again with JavaScript on: after a save, or on coming back to it.
 * The region is always present so screen readers announce the change.
 */
export function LoadingStatus({ path, text }: { path: string; text: string }) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith(path);
  return (
    <p role="status" aria-live="polite" className="min-h-5 text-sm text-navy-600">
      {loading ? text : ""}
    </p>
  );
}
