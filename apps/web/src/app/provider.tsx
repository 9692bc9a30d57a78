import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { useToastAreaNeeded } from "../lib/toast-area";
import { I18nProvider } from "../i18n/i18n-provider";
import { createQueryClient } from "./query-client";

/** Auto-close of the app's toasts (SPEC §9). */
const TOAST_AUTO_CLOSE_MS = 3_000;

// The toast library is fetched with the first toast (lib/toast.ts), not up front.
const ToastContainer = lazy(async () => ({ default: (await import("react-toastify")).ToastContainer }));

/** The toast area (top-right, 3000 ms, drag 80% to dismiss), mounted with the first toast. */
function ToastArea() {
  if (!useToastAreaNeeded()) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} draggable draggablePercent={80} newestOnTop />
    </Suspense>
  );
}

/** App-wide providers: the query cache, the language and the toast area. */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <I18nProvider>{children}</I18nProvider>
      <ToastArea />
    </QueryClientProvider>
  );
}
