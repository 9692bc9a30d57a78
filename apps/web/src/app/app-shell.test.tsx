import { act, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { toast } from "../lib/toast";
import { describe, expect, it } from "vitest";
import { AdminDashboardScreen, AgentDashboardScreen } from "../features/staff/components/staff-dashboard-screen";
import { profileQueryKey } from "../lib/session/get-profile";
import { buildUser, signIn } from "../test/factories";
import { mockApi } from "../test/mock-api";
import { renderApp } from "../test/render-app";
import { AppProvider } from "./provider";
import { createQueryClient } from "./query-client";

describe("routes of SPEC §2", () => {
  it.each([
    ["/about", "About Hospipay"],
    ["/receipt", "Your Cart"],
    ["/payment-success", "Payment Status"],
    ["/bank-details/bank_transfer/HP-REF-1", "Bank Transfer Details"],
    ["/no/such/page", "Page not found"],
  ])("%s renders '%s'", async (path, heading) => {
    mockApi({});
    renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
  });

  it("the not-found screen links home", async () => {
    mockApi({});
    renderApp("/nowhere");
    expect(await screen.findByRole("link", { name: "Go to home page" })).toHaveAttribute("href", "/");
  });

  it("bank details show the reference and the bank_transfer confirmation time", async () => {
    mockApi({
      "GET /api/express/payments/HP-REF-1/": {
        body: { reference: "HP-REF-1", status: "pending", transaction_status: "PENDING", amount: "5100.00", bank_account: null },
      },
    });
    renderApp("/bank-details/bank_transfer/HP-REF-1");
    expect(await screen.findByText("HP-REF-1")).toBeInTheDocument();
    expect(screen.getByText("Bank transfer confirmation takes 24-48 hours.")).toBeInTheDocument();
  });

  it("the payment status screen starts as 'Success' without a passed status, and then offers no 'Check Status'", async () => {
    mockApi({});
    renderApp("/payment-success", { state: { paymentData: { amount: "100.00" } } });
    expect(await screen.findByText("success")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Check Status" })).not.toBeInTheDocument();
  });
});

describe("toast area", () => {
  it("sits top-right and auto-closes after 3000 ms", async () => {
    mockApi({});
    renderApp("/about");
    await screen.findByRole("heading", { name: "About Hospipay" });
    act(() => {
      toast.info("Hello there");
    });
    const message = await screen.findByText("Hello there");
    expect(document.querySelector(".Toastify__toast-container--top-right")).toContainElement(message);
    const progress = document.querySelector<HTMLElement>(".Toastify__progress-bar");
    expect(progress?.style.animationDuration).toBe("3000ms");
  });
});

describe("staff dashboards", () => {
  it.each([
    ["/admindashboard", "ADMIN", "Admin Transactions Dashboard", "AD", "Admin Panel"],
    ["/superdashboard", "SUPERADMIN", "Admin Transactions Dashboard", "AD", "Admin Panel"],
    ["/agentdashboard", "AGENT", "Agent Transactions Dashboard", "AG", "Agent Panel"],
  ])("%s shows its heading, badge, panel label and the user's name", async (path, role, heading, badge, label) => {
    signIn(buildUser({ role }));
    mockApi({ "GET /auth/profile/": { body: buildUser({ role, first_name: "Bola", last_name: "Ade" }) } });
    renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText(badge)).toBeInTheDocument();
    expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    expect(screen.getByText("Bola Ade")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("staff dashboards refuse other roles on their own", () => {
  it.each([
    ["AdminDashboardScreen", "AGENT", "Access Denied: Admin privileges required."],
    ["AdminDashboardScreen", "CUSTOMER", "Access Denied: Admin privileges required."],
    ["AgentDashboardScreen", "ADMIN", "Access Denied: Agent privileges required."],
    ["AgentDashboardScreen", "SUPERADMIN", "Access Denied: Agent privileges required."],
  ] as const)("%s with %s", async (screenName, role, message) => {
    const Screen = { AdminDashboardScreen, AgentDashboardScreen }[screenName];
    const queryClient = createQueryClient();
    queryClient.setQueryData(profileQueryKey, buildUser({ role }));
    const router = createMemoryRouter([{ path: "/", element: <Screen /> }]);
    render(
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(message));
  });
});
