import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../test/mock-api";
import { buildUser, signIn } from "../../test/factories";
import { goOffline, goOnline } from "../../test/network";
import { renderApp } from "../../test/render-app";

const OFFLINE_BANNER_TEXT =
  "You are offline. You can browse services and receipts you have already opened; paying needs a connection.";

const banner = () => screen.queryByText(OFFLINE_BANNER_TEXT);

describe("the offline banner (issue 24)", () => {
  it("is absent online, shows in a polite live region when the connection goes, and leaves when it is back", async () => {
    mockApi({});
    renderApp("/about");
    await screen.findByRole("heading", { level: 1 });
    expect(banner()).toBeNull();

    goOffline();
    expect(banner()).toBeInTheDocument();
    expect(banner()?.closest('[role="status"]')).not.toBeNull();
    expect(banner()?.closest('[role="alert"]')).toBeNull();

    goOnline();
    expect(banner()).toBeNull();
  });

  it("shows on a page opened while offline", async () => {
    goOffline();
    mockApi({});
    renderApp("/faq");
    expect(await screen.findByText(OFFLINE_BANNER_TEXT)).toBeInTheDocument();
  });

  it("shows on a signed-in customer's page", async () => {
    const user = buildUser();
    signIn(user);
    mockApi({ "GET /auth/profile/": { body: user } });
    renderApp("/profile/edit");
    await screen.findByRole("heading", { level: 1 });
    goOffline();
    expect(banner()).toBeInTheDocument();
  });
});
