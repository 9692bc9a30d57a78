import { TOAST_AUTO_CLOSE_MS } from "@hospipay/contract";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ToastContainer } from "react-toastify";
import { createQueryClient } from "./query-client";

/** App-wide providers: the query cache and the toast area (top-right, 3000 ms, drag 80% to dismiss). */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} draggable draggablePercent={80} newestOnTop />
    </QueryClientProvider>
  );
}
