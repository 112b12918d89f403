import * as ToastPrimitive from "@radix-ui/react-toast";
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD } from "~/utils/toast";
import { useEffect } from "react";
import { provideToastViewport, toastClass, toastShown, type ToastViewportProps } from "./toast";
import { UndoDeleteForm } from "./undo-delete";

/** Rendered inside a toast, which Radix renders only once its viewport is on the page. */
function ShownSignal({ id }: { id: number }) {
  useEffect(() => toastShown(id), [id]);
  return null;
}

/** Radix Toast with SPEC 9's settings: 5000 ms, swipe right past 50 px, F8 focuses the area, 420 px wide from md. */
export default function ToastViewport({ toasts, onDismiss }: ToastViewportProps) {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
    >
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) onDismiss(t.id);
          }}
          className={toastClass(t.variant)}
        >
          <ShownSignal id={t.id} />
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {t.description}
              </ToastPrimitive.Description>
            ) : null}
            {/* Also in the trash, for anyone who does not reach the toast in time. */}
            {t.undo ? <UndoDeleteForm undo={t.undo} /> : null}
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

provideToastViewport(ToastViewport);
