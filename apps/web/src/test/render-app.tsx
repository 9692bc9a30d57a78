import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, parsePath, RouterProvider } from "react-router";
import { AppProvider } from "../app/provider";
import { createQueryClient } from "../app/query-client";
import { routes } from "../app/routes";

type UserEventOptions = Parameters<typeof userEvent.setup>[0];

/**
 * Renders the whole app (providers, toast area, every route and guard) in a memory router at `path`.
 * `visited` lists every pathname the router went through, redirects included. `state` is the router
 * state of the first entry (as `navigate(path, {state})` would give it).
 */
export function renderApp(path = "/", options: { userEvent?: UserEventOptions; state?: unknown } = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, {
    initialEntries: [options.state === undefined ? path : { ...parsePath(path), state: options.state }],
  });
  const visited: string[] = [router.state.location.pathname];
  router.subscribe((state) => {
    if (visited[visited.length - 1] !== state.location.pathname) visited.push(state.location.pathname);
  });
  const user = userEvent.setup(options.userEvent);
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, user, router, queryClient, visited, location: () => router.state.location };
}
