import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from "react";
import { Spinner } from "../components/ui/spinner";
import { QuickPayContext, type QuickPayControls, type QuickPayDestination } from "../lib/quick-pay";
import { getStoredUser, getToken } from "../lib/session/session-store";
import { t } from "../i18n";
import { appMessages as m } from "./messages";

// The dialog, its catalogue queries and the schema library are one chunk, fetched on the first open.
const ServiceSelectionDialog = lazy(async () => ({
  default: (await import("../features/quick-pay/components/service-selection-dialog")).ServiceSelectionDialog,
}));
// The loading stand-in's dialog frame comes with the first open too, beside that chunk (a guest's first load holds neither).
const LoadingDialog = lazy(async () => ({ default: (await import("../components/ui/dialog")).Dialog }));

function defaultDestination(): QuickPayDestination {
  return getToken() !== null && getStoredUser()?.role === "CUSTOMER" ? "/wallet-pay" : "/receipt";
}

/**
 * Provides `useQuickPay()` to every screen and renders the service selection dialog. The dialog
 * stays mounted after its first opening, so that closing it without proceeding keeps the selection.
 */
export function QuickPayHost({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [destination, setDestination] = useState<QuickPayDestination>("/receipt");

  const controls = useMemo<QuickPayControls>(
    () => ({
      open: (next) => {
        // A function given to a state setter is called as an updater: a handler is wrapped in one.
        setDestination(() => next ?? defaultDestination());
        setMounted(true);
        setOpen(true);
      },
    }),
    [],
  );
  const close = useCallback(() => setOpen(false), []);
  // The dialog's title, shared by the loading stand-in so that the dialog keeps its name while the chunk arrives.
  const title = t(m.serviceDialogTitle);

  return (
    <QuickPayContext.Provider value={controls}>
      {children}
      {mounted && (
        <Suspense
          fallback={
            <Suspense fallback={null}>
              <LoadingDialog open={open} onClose={close} title={title} size="lg">
                <p role="status" className="flex items-center gap-2 py-8 text-slate-600">
                  <Spinner /> {t(m.loadingServices)}
                </p>
              </LoadingDialog>
            </Suspense>
          }
        >
          <ServiceSelectionDialog open={open} onClose={close} destination={destination} title={title} />
        </Suspense>
      )}
    </QuickPayContext.Provider>
  );
}
