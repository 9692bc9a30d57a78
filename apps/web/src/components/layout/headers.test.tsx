import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { buildUser, signIn } from "../../test/factories";
import { mockApi } from "../../test/mock-api";
import { renderApp } from "../../test/render-app";

const cartWith = (...quantities: number[]) =>
  localStorage.setItem(
    "cart",
    JSON.stringify(quantities.map((quantity, index) => ({ id: index + 1, name: `S${index}`, price: "100.00", quantity }))),
  );

describe("public header", () => {
  it("links Home, Transactions, the cart (with total quantity) and Login when signed out", async () => {
    mockApi({});
    cartWith(2, 3);
    renderApp("/about");
    const header = await screen.findByRole("banner");
    const main = within(header).getByRole("navigation", { name: "Main" });
    expect(within(main).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(within(main).getByRole("link", { name: "Transactions" })).toHaveAttribute("href", "/#transaction");
    expect(within(header).getByRole("link", { name: "Cart, 5 items" })).toHaveAttribute("href", "/receipt");
    expect(within(header).getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    expect(within(header).queryByRole("link", { name: "Dashboard" })).not.toBeInTheDocument();
  });

  it("shows Dashboard instead of Login when signed in", async () => {
    mockApi({});
    signIn();
    renderApp("/about");
    const header = await screen.findByRole("banner");
    expect(within(header).getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(within(header).queryByRole("link", { name: "Login" })).not.toBeInTheDocument();
  });

  it("updates the badge when the cart changes", async () => {
    mockApi({});
    renderApp("/receipt");
    expect(await screen.findByRole("link", { name: "Cart, 0 items" })).toBeInTheDocument();
    const { cart } = await import("../../lib/cart-store");
    cart.add({ id: 9, name: "X-ray", price: "5000.00", quantity: 1 });
    expect(await screen.findByRole("link", { name: "Cart, 1 item" })).toBeInTheDocument();
  });

  it("collapses into a menu button that controls the mobile menu", async () => {
    mockApi({});
    const app = renderApp("/about");
    const toggle = await screen.findByRole("button", { name: "Menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    const menu = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(menu).not.toBeVisible();
    await app.user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(menu).toBeVisible();
    const mobile = screen.getByRole("navigation", { name: "Mobile" });
    for (const name of ["Home", "Transactions", "Cart", "Login"])
      expect(within(mobile).getByRole("link", { name })).toBeInTheDocument();
    await app.user.click(within(mobile).getByRole("link", { name: "Login" }));
    expect(await screen.findByRole("heading", { name: "Sign In" })).toBeInTheDocument();
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});

describe("customer header menu", () => {
  it("shows the profile name and wallet balance, and the four entries", async () => {
    signIn();
    mockApi({ "GET /auth/profile/": { body: buildUser({ first_name: "Ada", last_name: "Obi", wallet_balance: "1500.00" }) } });
    cartWith(4);
    const app = renderApp("/dashboard");
    const button = await screen.findByRole("button", { name: /^Account menu/ });
    expect(button).toHaveTextContent("Ada Obi");
    expect(button).toHaveTextContent("₦1,500.00");
    expect(button).toHaveAttribute("aria-expanded", "false");
    await app.user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    const menu = document.getElementById(button.getAttribute("aria-controls") ?? "") as HTMLElement;
    expect(within(menu).getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(within(menu).getByRole("link", { name: "Cart, 4 items" })).toHaveAttribute("href", "/wallet-pay");
    expect(within(menu).getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/profile/edit");
    expect(within(menu).getByRole("button", { name: "Logout" })).toBeInTheDocument();
    await app.user.keyboard("{Escape}");
    expect(button).toHaveAttribute("aria-expanded", "false");
  });

  it.each([
    ["answers", { status: 200, body: { detail: "Logged out." } }],
    ["fails", { status: 500, raw: "" }],
  ])("logs out when the server %s: clears the session and goes to /login", async (_label, reply) => {
    signIn(buildUser(), "tok-9");
    const api = mockApi({ "GET /auth/profile/": { body: buildUser() }, "POST /auth/logout/": reply });
    const app = renderApp("/dashboard");
    await app.user.click(await screen.findByRole("button", { name: /^Account menu/ }));
    await app.user.click(screen.getByRole("button", { name: "Logout" }));
    expect(await screen.findByRole("heading", { name: "Sign In" })).toBeInTheDocument();
    expect(api.callsTo("POST /auth/logout/")[0]?.headers.get("Authorization")).toBe("Bearer tok-9");
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
    await waitFor(() => expect(app.queryClient.getQueryCache().getAll()).toHaveLength(0));
  });

  it("logging out deletes the receipts kept for offline use (issue 24)", async () => {
    const deleted: string[] = [];
    vi.stubGlobal("caches", { delete: vi.fn((name: string) => Promise.resolve(deleted.push(name) > 0)) });
    signIn(buildUser(), "tok-9");
    mockApi({
      "GET /auth/profile/": { body: buildUser() },
      "POST /auth/logout/": { status: 200, body: { detail: "Logged out." } },
    });
    const app = renderApp("/dashboard");
    await app.user.click(await screen.findByRole("button", { name: /^Account menu/ }));
    await app.user.click(screen.getByRole("button", { name: "Logout" }));
    expect(await screen.findByRole("heading", { name: "Sign In" })).toBeInTheDocument();
    expect(deleted).toEqual(["receipts"]);
  });
});
