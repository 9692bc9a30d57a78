import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";

describe("landing page", () => {
  it("has the hero with 'Create Wallet' (to /register) and 'Quick Pay' (a button)", async () => {
    mockApi({});
    renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome to Hospipay" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create Wallet" })).toHaveAttribute("href", "/register");
    expect(screen.getByRole("button", { name: "Quick Pay" })).toBeInTheDocument();
  });

  it("'Quick Pay' opens the accessible service selection dialog; Escape closes it, returning focus", async () => {
    mockApi({});
    const app = renderApp("/");
    const quickPay = await screen.findByRole("button", { name: "Quick Pay" });
    await app.user.click(quickPay);
    // The dialog is its own chunk: a stand-in with the same name shows until it arrives.
    await screen.findByRole("button", { name: "Proceed to cart" });
    const dialog = screen.getByRole("dialog", { name: "Select Services" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    // Focus moves in once the loaded dialog has mounted (a frame later on a busy machine).
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await app.user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(quickPay).toHaveFocus());
  });

  it("shows the 7 feature cards", async () => {
    mockApi({});
    renderApp("/");
    const section = await screen.findByRole("region", { name: "Explore Our Features" });
    const titles = within(section)
      .getAllByRole("heading", { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(["Quick Pay", "Wallet Pay", "Save Time", "Secured Pay", "Track Payment", "History", "Deposit"]);
  });

  it("has a footer with About, the quick links and social networks without targets", async () => {
    mockApi({});
    renderApp("/");
    const footer = await screen.findByRole("contentinfo");
    expect(within(footer).getByRole("heading", { name: "About" })).toBeInTheDocument();
    expect(within(footer).getByRole("link", { name: "About Hospipay" })).toHaveAttribute("href", "/about");
    const quickLinks = within(footer).getByRole("region", { name: "Quick Links" });
    expect(
      within(quickLinks)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["FAQ", "Safety Tips", "Terms", "Cookie Policy", "Privacy Settings"]);
    expect(
      within(footer)
        .getAllByRole("img")
        .map((icon) => icon.getAttribute("aria-label")),
    ).toEqual(["Facebook", "X", "Instagram", "LinkedIn"]);
    // No anchors without a destination.
    for (const link of within(footer).queryAllByRole("link")) expect(link.getAttribute("href")).toMatch(/^\//);
  });

  it("scrolls to #transaction when opened from the header's Transactions link", async () => {
    mockApi({});
    const app = renderApp("/about");
    await screen.findByRole("heading", { name: "About Hospipay" });
    const scroll = Element.prototype.scrollIntoView as unknown as { mock: { contexts: unknown[] } };
    const before = scroll.mock.contexts.length;
    await app.user.click(screen.getByRole("link", { name: "Transactions" }));
    await screen.findByRole("region", { name: "Transaction Invoices" });
    await waitFor(() => expect(scroll.mock.contexts.slice(before)).toContain(document.getElementById("transaction")));
    expect(app.location()).toMatchObject({ pathname: "/", hash: "#transaction" });
  });
});
