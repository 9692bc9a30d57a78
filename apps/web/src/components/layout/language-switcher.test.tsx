import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setLocale } from "../../i18n";
import { activateLocale } from "../../i18n/intl";
import { buildUser, signIn } from "../../test/factories";
import { mockApi } from "../../test/mock-api";
import { renderApp } from "../../test/render-app";

// Yoruba's catalog is one chunk gathered from every folder's yo.json: its first import under Vite's
// transform takes longer than a find's wait, so it is loaded once ahead.
beforeAll(async () => {
  await import("../../i18n/catalogs/yo");
}, 30_000);

afterEach(async () => {
  setLocale("en");
  await activateLocale("en");
});

/** The header's language choice: a select named "Language" (visible to the user as the current language's name). */
function switcherIn(container: HTMLElement) {
  return within(container).getByRole("combobox", { name: "Language" });
}

describe("language switcher", () => {
  it("in the public header: choosing Yorùbá shows the app in Yoruba and remembers it", async () => {
    mockApi({});
    const app = renderApp("/about");
    // The page's controls work once it has hydrated (public-layout.tsx's gate).
    await screen.findByRole("heading", { name: "About Hospipay" });
    await waitFor(() => expect(screen.getAllByRole("combobox", { name: "Language" })[0]).toBeEnabled());
    const header = screen.getByRole("banner");
    const select = switcherIn(within(header).getByRole("navigation", { name: "Main" }).parentElement!);
    expect(select).toHaveValue("en");
    expect(within(select).getByRole("option", { name: "Yorùbá" })).toHaveAttribute("lang", "yo");
    await app.user.selectOptions(select, "yo");

    const translated = await screen.findByRole("banner");
    expect(await within(translated).findByRole("link", { name: "Wọlé" })).toHaveAttribute("href", "/login");
    expect(within(translated).getByRole("navigation", { name: "Àkọ́kọ́" })).toBeInTheDocument();
    expect(within(translated).getAllByRole("combobox", { name: "Èdè" })[0]).toHaveValue("yo");
    expect(screen.getByRole("link", { name: "Nípa Hospipay" })).toBeInTheDocument();
    expect(localStorage.getItem("locale")).toBe("yo");
    expect(document.documentElement.lang).toBe("yo");
  });

  it("in the signed-in customer header's menu", async () => {
    signIn();
    mockApi({ "GET /auth/profile/": { body: buildUser({ first_name: "Ada", last_name: "Obi" }) } });
    const app = renderApp("/dashboard");
    const button = await screen.findByRole("button", { name: /^Account menu/ });
    await app.user.click(button);
    const menu = document.getElementById(button.getAttribute("aria-controls") ?? "") as HTMLElement;
    await app.user.selectOptions(switcherIn(menu), "yo");

    const translated = await screen.findByRole("button", { name: /^Àkójọ àkáǹtì/ });
    expect(translated).toHaveTextContent("Ada Obi");
    await app.user.click(translated);
    const translatedMenu = document.getElementById(translated.getAttribute("aria-controls") ?? "") as HTMLElement;
    expect(within(translatedMenu).getByRole("link", { name: "Ètò" })).toHaveAttribute("href", "/profile/edit");
    expect(within(translatedMenu).getByRole("button", { name: "Jáde" })).toBeInTheDocument();
    expect(within(translatedMenu).getByRole("combobox", { name: "Èdè" })).toHaveValue("yo");
    expect(localStorage.getItem("locale")).toBe("yo");
  });

  it("in the staff shell's header", async () => {
    signIn(buildUser({ role: "ADMIN" }));
    mockApi({ "GET /auth/profile/": { body: buildUser({ role: "ADMIN", first_name: "Bola", last_name: "Ade" }) } });
    const app = renderApp("/admindashboard");
    const header = await screen.findByRole("banner");
    await app.user.selectOptions(await within(header).findByRole("combobox", { name: "Language" }), "yo");

    expect(await screen.findByRole("button", { name: "Jáde" })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Òṣìṣẹ́" });
    expect(within(nav).getByRole("link", { name: "Ìyípo iṣẹ́ mi" })).toHaveAttribute("href", "/admindashboard/shift");
    expect(screen.getByRole("link", { name: "Ṣàyẹ̀wò rìsíìtì" })).toHaveAttribute("href", "/verify-receipt");
    expect(localStorage.getItem("locale")).toBe("yo");
  });
});
