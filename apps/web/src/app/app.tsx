import { BrowserRouter } from "react-router";
import { AppProvider } from "./provider";
import { AppRoutes } from "./routes";

/** The whole app: providers around the browser router. */
export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
