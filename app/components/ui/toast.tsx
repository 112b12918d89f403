import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentType } from "react";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, type ToastMessage } from "~/utils/toast";
import { UndoDeleteForm } from "./undo-delete";

export interface ActiveToast extends ToastMessage {
  id: number;
  open: boolean;
}

let toasts: ActiveToast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

const shownCallbacks = new Map<number, () => void>();

/**
 * Shows a toast; at most TOAST_LIMIT are shown, the newest replacing the oldest. `onShown` is called once
 * the toast is on the page (the viewport may still be loading when it is asked for).
 */
export function toast(message: ToastMessage, onShown?: () => void): number {
  const id = nextId++;
  if (onShown) shownCallbacks.set(id, onShown);
  toasts = [{ ...message, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

/** Called by the viewport once a toast is in the document. */
export function toastShown(id: number): void {
  const callback = shownCallbacks.get(id);
  shownCallbacks.delete(id);
  callback?.();
}

export function dismissToast(id: number) {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverSnapshot: ActiveToast[] = [];

export interface ToastViewportProps {
  toasts: ActiveToast[];
  onDismiss: (id: number) => void;
}

/**
 * Radix Toast renders the notifications; on public pages it loads with the first one. Routes whose
 * notices must show at once (/auth, the admin) import it up front, and it registers itself here so it
 * renders without a Suspense boundary (whose reveal React holds back for a few hundred milliseconds).
 */
let loadedViewport: ComponentType<ToastViewportProps> | null = null;
export function provideToastViewport(viewport: ComponentType<ToastViewportProps>): void {
  loadedViewport = viewport;
}
const LazyToastViewport = lazy(() => import("./toast-viewport"));

/**
 * The notification area. `initial` is a toast the server carried across a redirect: without JavaScript
 * it is rendered in the page as a status message; once hydrated it becomes a normal toast.
 */
export function Toaster({ initial }: { initial: ToastMessage | null }) {
  const active = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => serverSnapshot,
  );
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );

  useEffect(() => {
    if (initial) toast(initial);
  }, [initial]);

  if (!hydrated) return initial ? <StaticNotice toast={initial} /> : null;
  if (active.length === 0) return null;
  const Viewport = loadedViewport;
  if (Viewport) return <Viewport toasts={active} onDismiss={dismissToast} />;
  return (
    <Suspense fallback={null}>
      <LazyToastViewport toasts={active} onDismiss={dismissToast} />
    </Suspense>
  );
}

export function toastClass(variant: ToastMessage["variant"]) {
  const base =
    "relative flex w-full items-start justify-between gap-4 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0 transition";
  return variant === "destructive"
    ? `${base} border-red-700 bg-red-700 text-white`
    : `${base} border-navy-200 bg-white text-navy-900`;
}

/** What a visitor without JavaScript sees in place of the toast. */
function StaticNotice({ toast: t }: { toast: ToastMessage }) {
  return (
    <div
      role={t.variant === "destructive" ? "alert" : "status"}
      className={`${toastClass(t.variant)} fixed right-4 bottom-4 z-[100] max-w-[calc(100%-2rem)] md:max-w-[420px]`}
    >
      <div className="grid gap-1">
        <p className="text-sm font-semibold">{t.title}</p>
        {t.description ? <p className="text-sm opacity-90">{t.description}</p> : null}
        {t.undo ? <UndoDeleteForm undo={t.undo} /> : null}
      </div>
    </div>
  );
}
