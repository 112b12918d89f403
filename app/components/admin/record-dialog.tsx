import * as Dialog from "@radix-ui/react-dialog";
import { Link, useLocation, useNavigate, useOutlet } from "@remix-run/react";
import { createContext, useCallback, useContext, useRef, type ReactNode } from "react";
import { panelClass, secondaryButton } from "./styles";
import { useHydrated } from "~/utils/hydrated";
import { DISCARD_DIALOG_QUESTION, useUnsavedChanges } from "./unsaved-changes";

/**
 * Create, edit and delete are routes under their list (/admin/products/new, /admin/products/7/edit...).
 * Without JavaScript the child route shows as a panel on the list's page; with it, as a modal dialog over
 * the list: focus moves in and is trapped, and Cancel, Escape, the overlay or the back button close it.
 */

interface RecordDialogState {
  mode: "page" | "dialog";
  listUrl: string;
  close: () => void;
}

const RecordDialogContext = createContext<RecordDialogState | null>(null);

function useRecordDialog(): RecordDialogState {
  const state = useContext(RecordDialogContext);
  if (!state) throw new Error("RecordTitle and RecordCancel must be used inside a RecordOutlet");
  return state;
}

/** Links from the list to a child route pass this state, so closing the dialog can simply go back. */
export const FROM_LIST = { fromList: true } as const;

function useCloseToList(listUrl: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const fromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
  return useCallback(() => {
    if (fromList) navigate(-1);
    else navigate(listUrl, { replace: true, preventScrollReset: true });
  }, [fromList, listUrl, navigate]);
}

/** Where a list route renders its child route: a page panel before hydration, a modal dialog after. */
export function RecordOutlet({ listUrl }: { listUrl: string }) {
  const outlet = useOutlet();
  const hydrated = useHydrated();
  const leave = useCloseToList(listUrl);
  // Escape, the overlay and Cancel ask before dropping what was typed in the dialog's form.
  const guard = useUnsavedChanges();
  const close = useCallback(() => {
    if (guard.changed() && !window.confirm(DISCARD_DIALOG_QUESTION)) return;
    guard.forget();
    leave();
  }, [guard, leave]);
  // What opened the dialog (a link in the list), to give focus back to when it closes. Radix would
  // return it to a Dialog.Trigger, but here a route opens the dialog.
  const opener = useRef<FocusReturn | null>(null);
  if (!outlet) return null;

  if (!hydrated) {
    return (
      <RecordDialogContext.Provider value={{ mode: "page", listUrl, close: leave }}>
        <section className={`${panelClass} mb-6 max-w-2xl p-4 shadow-sm sm:p-6`}>{outlet}</section>
      </RecordDialogContext.Provider>
    );
  }

  return (
    <RecordDialogContext.Provider value={{ mode: "dialog", listUrl, close }}>
      <Dialog.Root
        open
        onOpenChange={(open) => {
          if (!open) close();
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-navy-950/60" />
          <Dialog.Content
            aria-describedby={undefined}
            onOpenAutoFocus={(event) => {
              opener.current = focusReturnFor(document.activeElement);
              // A confirmation of something that cannot be taken back starts on its Cancel, so two Enters
              // from the list never erase or delete anything (Radix would skip a link and pick the button).
              const preferred = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>("[data-initial-focus]");
              if (preferred) {
                event.preventDefault();
                preferred.focus();
              }
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              returnFocus(opener.current);
            }}
            onInput={guard.onInput}
            className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-navy-200 bg-white p-5 shadow-xl sm:p-6"
          >
            {outlet}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </RecordDialogContext.Provider>
  );
}

/** Where focus goes back to when a dialog closes: its opener, or, if that has gone, its neighbours. */
interface FocusReturn {
  opener: HTMLElement;
  /** The list the opener was in, and its row's place in it. */
  list: Element | null;
  index: number;
  /** The heading above that list (or the page's), for when the list is left empty. */
  heading: HTMLElement | null;
}

function focusReturnFor(element: Element | null): FocusReturn | null {
  if (!(element instanceof HTMLElement)) return null;
  const row = element.closest("li");
  const list = row?.parentElement ?? null;
  const section = list?.closest("section");
  const heading =
    (section?.querySelector<HTMLElement>("h2, h3") ?? null) ?? document.querySelector<HTMLElement>("#admin-main h1");
  return { opener: element, list, index: list && row ? [...list.children].indexOf(row) : -1, heading };
}

/**
 * Back to the opener; after a delete (the opener's row is gone) to the row now in its place, or the one
 * before it, or, when the list is empty, the list's heading; else the page's main region.
 */
function returnFocus(target: FocusReturn | null) {
  if (target?.opener.isConnected) return target.opener.focus();
  const rows = target?.list?.isConnected ? [...target.list.children] : [];
  const row = rows[Math.min(target!.index, rows.length - 1)] ?? null;
  const control = row?.querySelector<HTMLElement>("a[href], button:not([disabled])");
  if (control) return control.focus();
  const heading = target?.heading?.isConnected ? target.heading : document.querySelector<HTMLElement>("#admin-main h1");
  if (heading) {
    heading.tabIndex = -1;
    return heading.focus();
  }
  document.getElementById("admin-main")?.focus();
}

/** The dialog's title: Radix's Title (which names the dialog) in a dialog, a plain heading on a page. */
export function RecordTitle({ children }: { children: ReactNode }) {
  const { mode } = useRecordDialog();
  const className = "text-lg font-semibold text-navy-950";
  return mode === "dialog" ? (
    <Dialog.Title className={className}>{children}</Dialog.Title>
  ) : (
    <h2 className={className}>{children}</h2>
  );
}

/**
 * Cancel: back to the list (a plain link without JavaScript; closes the dialog with it). `initialFocus`:
 * the dialog opens with focus here (destructive confirmations).
 */
export function RecordCancel({ children = "Cancel", initialFocus = false }: { children?: ReactNode; initialFocus?: boolean }) {
  const { mode, listUrl, close } = useRecordDialog();
  return (
    <Link
      to={listUrl}
      data-initial-focus={initialFocus ? "" : undefined}
      preventScrollReset
      className={secondaryButton}
      onClick={(event) => {
        if (mode !== "dialog") return;
        event.preventDefault();
        close();
      }}
    >
      {children}
    </Link>
  );
}
