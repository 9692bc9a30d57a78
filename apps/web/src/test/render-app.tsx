import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { QueryClient } from "@tanstack/react-query";
import { useLayoutEffect, type ReactNode } from "react";
import { createMemoryRouter, MemoryRouter, parsePath, RouterProvider, useLocation, type Location } from "react-router";
import { AppProvider } from "../app/provider";
import { createQueryClient } from "../app/query-client";
import { AppRoutes } from "../app/routes";

type UserEventOptions = Parameters<typeof userEvent.setup>[0];

/** The query caches of the apps rendered in the current test. */
const queryClients: QueryClient[] = [];

/** A new query cache, dropped with its queries' pending retries once the test ends (forgetRenderedApps). */
function testQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  queryClients.push(queryClient);
  return queryClient;
}

/**
 * After a test (setup.ts): stops what the apps it rendered still had under way (a query's retry, a refetch)
 * so that none reaches the next test's mocked API.
 */
export function forgetRenderedApps(): void {
  for (const queryClient of queryClients.splice(0)) {
    void queryClient.cancelQueries();
    queryClient.clear();
  }
}

/** Reports every location the router shows. */
function LocationProbe({ onLocation }: { onLocation: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => onLocation(location), [location, onLocation]);
  return null;
}

/**
 * Renders the whole app (providers, toast area, every route and guard) in a memory router at `path`.
 * `visited` lists every pathname the router went through, redirects included. `state` is the router
 * state of the first entry (as `navigate(path, {state})` would give it).
 */
export function renderApp(path = "/", options: { userEvent?: UserEventOptions; state?: unknown } = {}) {
  const queryClient = testQueryClient();
  const initial = options.state === undefined ? path : { ...parsePath(path), state: options.state };
  // The probe reports the first location while render() runs, so `current` is set before it returns.
  let current: Location | undefined;
  const visited: string[] = [];
  const onLocation = (location: Location) => {
    current = location;
    if (visited[visited.length - 1] !== location.pathname) visited.push(location.pathname);
  };
  const user = userEvent.setup(options.userEvent);
  const view = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[initial]}>
        <LocationProbe onLocation={onLocation} />
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...view, user, queryClient, visited, location: () => current! };
}

/**
 * Renders one screen alone at "/" inside the app's providers, without the routes and guards around it.
 * `seed` fills the query cache before the first render.
 */
export function renderScreen(screen: ReactNode, options: { seed?: (queryClient: QueryClient) => void } = {}) {
  const queryClient = testQueryClient();
  options.seed?.(queryClient);
  const router = createMemoryRouter([{ path: "/", element: screen }]);
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, queryClient };
}
