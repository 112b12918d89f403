import { tabLabel, type SeoTab } from "./seo-tabs";

const listFormat = new Intl.ListFormat("en-GB", { style: "long", type: "conjunction" });

/**
 * Without JavaScript, after a tab switch: which tabs hold changes that are not saved yet, and that they
 * stay only until the page is left. `saved`: the message of a save made meanwhile (the page did not
 * reload, so the notice that usually follows a save is said here).
 */
export function UnsavedDraftsNotice({
  unsaved,
  shown,
  saved,
}: {
  unsaved: SeoTab[];
  shown: SeoTab;
  saved?: string;
}) {
  if (unsaved.length === 0 && !saved) return null;
  return (
    <div
      role="status"
      className="mb-4 grid gap-1 rounded-md border border-amber-700 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      {saved ? <p className="font-semibold">{saved}</p> : null}
      {unsaved.length > 0 ? (
        <>
          <p className="font-semibold">Unsaved changes in {listFormat.format(unsaved.map(tabLabel))}</p>
          <p>
            {unsaved.includes(shown) ? "This tab shows your changes, not the saved settings. " : ""}
            They are kept while you switch tabs here, and lost if you leave this page. Each tab is saved with
            its own button.
          </p>
        </>
      ) : null}
    </div>
  );
}
