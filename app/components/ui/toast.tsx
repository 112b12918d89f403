import * as ToastPrimitive from "@radix-ui/react-toast";
import { useEffect, useSyncExternalStore } from "react";
import {
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD,
  type ToastMessage,
} from "~/utils/toast";

interface ActiveToast extends ToastMessage {
  id: number;
  open: boolean;
}

let toasts: ActiveToast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a toast; at most TOAST_LIMIT are shown, the newest replacing the oldest. */
export function toast(message: ToastMessage): number {
  const id = nextId++;
  toasts = [{ ...message, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

function dismiss(id: number) {
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

/**
 * The notification area. `initial` is a toast the server carried across a redirect: without JavaScript
 * it is rendered in the page as a status message; once hydrated it becomes a normal toast.
 */
export function Toaster({ initial }: { initial: ToastMessage | null }) {
  const active = useSyncExternalStore(subscribe, () => toasts, () => serverSnapshot);
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );

  useEffect(() => {
    if (initial) toast(initial);
  }, [initial]);

  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {!hydrated && initial ? <StaticNotice toast={initial} /> : null}
      {active.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          className={toastClass(t.variant)}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close notification"
            className="absolute top-2 right-2 rounded p-1 opacity-70 hover:opacity-100"
          >
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={["F8"]}
        label="Notifications ({hotkey})"
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}

function toastClass(variant: ToastMessage["variant"]) {
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
      </div>
    </div>
  );
}
