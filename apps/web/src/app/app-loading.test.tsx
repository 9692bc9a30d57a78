import { act, render, screen, waitFor } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter, Route, Routes, useNavigate } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { getProfile } from "../lib/session/get-profile";
import { startEarlyProfile } from "../lib/session/early-profile";
import { useHydrated } from "../lib/hydration";
import { toast } from "../lib/toast";
import { buildUser, signIn } from "../test/factories";
import { mockApi } from "../test/mock-api";
import { renderApp } from "../test/render-app";
import { preloadRoute } from "./routes";
import { RouteErrorBoundary } from "./route-error";
import { ScrollRestoration } from "./scroll-restoration";

describe("the error screen (in place of a data router's errorElement)", () => {
  function Broken(): never {
    throw new Error("boom");
  }

  it("replaces a screen that throws", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={["/broken"]}>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/fine" element={<p>Fine again</p>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Reload Hospipay" })).toHaveAttribute("href", "/");
    vi.mocked(console.error).mockRestore();
  });

  it("leaves the error screen when the location changes", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    let go: (path: string) => void = () => undefined;
    function Navigator() {
      const navigate = useNavigate();
      go = (path) => void navigate(path);
      return null;
    }
    render(
      <MemoryRouter initialEntries={["/broken"]}>
        <Navigator />
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/fine" element={<p>Fine again</p>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    act(() => go("/fine"));
    expect(await screen.findByText("Fine again")).toBeInTheDocument();
    vi.mocked(console.error).mockRestore();
  });
});

describe("scroll restoration", () => {
  it("goes to the top on a new page, and back to where a page was left on Back", async () => {
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    let go: (to: string | number) => void = () => undefined;
    function Navigator() {
      const navigate = useNavigate();
      go = (to) => void (typeof to === "number" ? navigate(to) : navigate(to));
      return null;
    }
    render(
      <MemoryRouter initialEntries={["/a"]}>
        <Navigator />
        <ScrollRestoration />
      </MemoryRouter>,
    );
    Object.defineProperty(window, "scrollY", { configurable: true, value: 640 });
    act(() => void window.dispatchEvent(new Event("scroll")));
    scrollTo.mockClear();
    act(() => go("/b"));
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 0));
    act(() => go(-1));
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 640));
    Object.defineProperty(window, "scrollY", { configurable: true, value: 0 });
  });
});

describe("route preloading", () => {
  it("loads a page's screens ahead of the first render, which then shows no loading stand-in", async () => {
    mockApi({});
    await preloadRoute("/about");
    renderApp("/about");
    // Rendered at once: no "Loading page" stand-in, no waiting.
    expect(screen.getByRole("heading", { level: 1, name: "About Hospipay" })).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading page" })).not.toBeInTheDocument();
  });

  it("ignores paths that show no lazy screen", async () => {
    await expect(preloadRoute("/no/such/page")).resolves.toBeUndefined();
  });
});

describe("the early profile request (boot.ts)", () => {
  it("is made at once for a signed-in visitor and answers the guard's first profile request", async () => {
    signIn();
    const api = mockApi({ "GET /auth/profile/": { body: buildUser({ first_name: "Early" }) } });
    startEarlyProfile();
    expect(api.callsTo("GET /auth/profile/")).toHaveLength(1);
    expect(api.callsTo("GET /auth/profile/")[0]?.headers.get("Authorization")).toBe("Bearer test-token");
    expect((await getProfile()).first_name).toBe("Early");
    expect(api.callsTo("GET /auth/profile/")).toHaveLength(1);
    // Only once: the next request is a fresh one.
    await getProfile();
    expect(api.callsTo("GET /auth/profile/")).toHaveLength(2);
  });

  it("is not made without a token", () => {
    const api = mockApi({});
    startEarlyProfile();
    expect(api.calls).toHaveLength(0);
  });
});

describe("hydration of a prerendered page", () => {
  it("keeps controls disabled in the prerendered markup and enables them once hydrated", async () => {
    function Probe() {
      const hydrated = useHydrated();
      return (
        <fieldset disabled={!hydrated}>
          <button type="button">Go</button>
        </fieldset>
      );
    }
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Probe />);
    document.body.append(container);
    expect(container.querySelector("fieldset")).toHaveAttribute("disabled");
    await act(async () => {
      hydrateRoot(container, <Probe />);
    });
    await waitFor(() => expect(container.querySelector("fieldset")).not.toHaveAttribute("disabled"));
    container.remove();
  });

  it("renders public pages in the browser with their controls enabled", async () => {
    mockApi({});
    renderApp("/");
    const quickPay = await screen.findByRole("button", { name: "Quick Pay" });
    expect(quickPay).toBeEnabled();
  });
});

describe("toasts", () => {
  it("appear although the toast library loads with the first one", async () => {
    mockApi({});
    renderApp("/about");
    await screen.findByRole("heading", { name: "About Hospipay" });
    act(() => toast.success("Saved, later"));
    expect(await screen.findByText("Saved, later")).toBeInTheDocument();
  });
});
