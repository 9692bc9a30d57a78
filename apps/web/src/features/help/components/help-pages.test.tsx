import { API_PATHS, STORAGE_KEYS } from "@hospipay/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { buildUser } from "../../../test/factories";
import { mockApi } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";

const OFFLINE_COPIES_TEXT =
  "To work without a connection, this site keeps copies of its own pages, the list of services and the receipts you have opened in your browser's offline storage. They are read by this site alone and sent nowhere. The receipts are removed when you sign out, however the session ends, and when another account signs in; a guest's go when a new tab starts, except a receipt kept with “Keep this receipt on this device”, which stays until you untick it. Clearing this browser's data in Privacy Settings removes them all; the rest is replaced by each new version of the site.";

/** Each footer page: its address, its h1, and the h2 sections a payer comes for. */
const PAGES = [
  {
    link: "FAQ",
    path: "/faq",
    title: "Frequently Asked Questions",
    sections: ["Paying", "Receipts and past payments", "Your wallet and account", "How to reach the hospital"],
  },
  {
    link: "Safety Tips",
    path: "/safety-tips",
    title: "Safety Tips",
    sections: [
      "What the hospital never asks",
      "How to spot a fake payment request",
      "Keep your wallet safe",
      "If something went wrong",
      "How to reach the hospital",
    ],
  },
  {
    link: "Terms",
    path: "/terms",
    title: "Terms of Use",
    sections: [
      "Who provides the service",
      "Paying",
      "Your wallet",
      "Refunds and mistakes",
      "Fair use",
      "Your personal data",
      "Changes",
      "How to reach the hospital",
    ],
  },
  {
    link: "Cookie Policy",
    path: "/cookie-policy",
    title: "Cookie Policy",
    sections: ["What this site keeps in your browser", "Offline copies", "Payment windows", "Your choice"],
  },
  {
    link: "Privacy Settings",
    path: "/privacy-settings",
    title: "Privacy Settings",
    sections: [
      "What this browser keeps",
      "Clear this browser's data",
      "What the hospital collects and why",
      "How long it is kept",
      "Your rights",
      "How to reach the hospital",
    ],
  },
] as const;

function sectionTitles(): string[] {
  return screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent ?? "");
}

describe("the footer's pages", () => {
  for (const page of PAGES) {
    it(`${page.path} shows '${page.title}' and its sections, each a named region`, async () => {
      mockApi({});
      renderApp(page.path);
      const main = within(screen.getByRole("main"));
      expect(await main.findByRole("heading", { level: 1, name: page.title })).toBeInTheDocument();
      // The footer's own h2s (About, Quick Links, Follow us) come after the page's.
      expect(sectionTitles().slice(0, page.sections.length)).toEqual(page.sections);
      for (const section of page.sections) expect(main.getByRole("region", { name: section })).toBeInTheDocument();
    });
  }

  it("the footer's Quick Links keep SPEC's labels and open each page", async () => {
    mockApi({});
    const app = renderApp("/");
    const quickLinks = within(await screen.findByRole("region", { name: "Quick Links" }));
    expect(quickLinks.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual(
      PAGES.map((page) => [page.link, page.path]),
    );
    for (const page of PAGES) {
      await app.user.click(within(screen.getByRole("region", { name: "Quick Links" })).getByRole("link", { name: page.link }));
      expect(await screen.findByRole("heading", { level: 1, name: page.title })).toBeInTheDocument();
      expect(app.location().pathname).toBe(page.path);
    }
  });

  it("Safety Tips says the hospital never asks for a PIN or OTP and points to the look-up", async () => {
    mockApi({});
    renderApp("/safety-tips");
    const never = await screen.findByRole("region", { name: "What the hospital never asks" });
    expect(never).toHaveTextContent("card PIN, a one-time password (OTP)");
    const fake = screen.getByRole("region", { name: "How to spot a fake payment request" });
    expect(within(fake).getByRole("link", { name: "Transaction Invoices" })).toHaveAttribute("href", "/#transaction");
  });

  it("Privacy Settings names the Nigeria Data Protection Act 2023 rights and the Commission", async () => {
    mockApi({});
    renderApp("/privacy-settings");
    const rights = await screen.findByRole("region", { name: "Your rights" });
    expect(rights).toHaveTextContent("Nigeria Data Protection Act 2023");
    for (const right of ["Access", "Correction", "Deletion", "Objection and restriction", "Portability"]) {
      expect(within(rights).getByText(right)).toBeInTheDocument();
    }
    expect(within(rights).getByRole("link", { name: "ndpc.gov.ng" })).toHaveAttribute("href", "https://ndpc.gov.ng");
    expect(screen.getByRole("region", { name: "How long it is kept" })).toHaveTextContent("valid for 10 minutes");
  });

  it("the Cookie Policy lists every key the app stores, and says no cookies are set", async () => {
    mockApi({});
    renderApp("/cookie-policy");
    expect(await screen.findByRole("heading", { level: 1, name: "Cookie Policy" })).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveTextContent("Hospipay sets no cookies");
    const kept = screen.getByRole("region", { name: "What this site keeps in your browser" });
    for (const key of Object.values(STORAGE_KEYS)) expect(within(kept).getByText(key)).toBeInTheDocument();
  });
});

describe("offline copies (issue 24)", () => {
  it("the Cookie Policy says what the service worker keeps", async () => {
    mockApi({});
    renderApp("/cookie-policy");
    expect(await screen.findByRole("region", { name: "Offline copies" })).toHaveTextContent(OFFLINE_COPIES_TEXT);
  });

  it("clearing this browser's data also deletes the receipts kept for offline use, those a guest chose to keep too", async () => {
    const deleted: string[] = [];
    vi.stubGlobal("caches", { delete: vi.fn((name: string) => Promise.resolve(deleted.push(name) > 0)) });
    mockApi({});
    const app = renderApp("/privacy-settings");
    await app.user.click(await screen.findByRole("button", { name: "Clear this browser's data" }));
    expect(await screen.findByText("This browser keeps nothing for Hospipay.")).toBeInTheDocument();
    expect(new Set(deleted)).toEqual(new Set(["receipts", "receipts-kept"]));
  });
});

describe("Privacy Settings", () => {
  it("shows what this browser keeps and clears all of it, signing out on the server too", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "token-123");
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(buildUser()));
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ id: 1, name: "Consultation", price: "5000.00", quantity: 1 }]));
    localStorage.setItem("someNewKey", "1");
    sessionStorage.setItem("resendAvailableAt:ada@example.ng", String(Date.now() + 60_000));
    sessionStorage.setItem("checkoutDetails", JSON.stringify({ name: "Ada Obi" }));
    const api = mockApi({ [`POST ${API_PATHS.logout}`]: { status: 200, body: { detail: "Logged out." } } });
    const app = renderApp("/privacy-settings");

    const kept = await screen.findByRole("list", { name: "Kept in this browser" });
    const labels = within(kept)
      .getAllByRole("listitem")
      .map((item) => item.querySelector("p")?.textContent);
    expect(labels).toEqual([
      "Your sign-in",
      "Your profile, as last loaded",
      "Your cart",
      "When a new verification code can be sent",
      "The payer's details you typed at checkout",
      "Other data of this site",
    ]);
    // Signed in: the header offers the dashboard.
    expect(screen.getAllByRole("link", { name: "Dashboard" }).length).toBeGreaterThan(0);

    await app.user.click(screen.getByRole("button", { name: "Clear this browser's data" }));

    expect(await screen.findByRole("status")).toHaveTextContent("This browser no longer keeps any Hospipay data");
    expect(screen.getByText("This browser keeps nothing for Hospipay.")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Kept in this browser" })).not.toBeInTheDocument();
    expect(Object.keys(localStorage)).toEqual([]);
    expect(Object.keys(sessionStorage)).toEqual([]);
    const logout = api.callsTo(`POST ${API_PATHS.logout}`);
    expect(logout).toHaveLength(1);
    expect(logout[0]!.headers.get("authorization")).toBe("Bearer token-123");
    // Signed out: the header offers Login, and the cart badge is gone.
    await waitFor(() => expect(screen.queryAllByRole("link", { name: "Dashboard" })).toHaveLength(0));
    expect(screen.getAllByRole("link", { name: "Login" }).length).toBeGreaterThan(0);
    expect(app.location().pathname).toBe("/privacy-settings");
  });

  it("clears a guest's cart without calling the server", async () => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ id: 1, name: "Consultation", price: "5000.00", quantity: 2 }]));
    const api = mockApi({});
    const app = renderApp("/privacy-settings");
    expect(await screen.findByText("Your cart")).toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Clear this browser's data" }));
    expect(await screen.findByText("This browser keeps nothing for Hospipay.")).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.cart)).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
