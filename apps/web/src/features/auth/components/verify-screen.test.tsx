import { act, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/mock-api";
import { renderApp } from "../../../test/render-app";
import { expectSignInAfterRedirectDelay } from "../../../test/redirect";

const VERIFY = "POST /verify-email/";
const RESEND = "POST /resend-verification-code/";

describe("/verify", () => {
  it("shows the code field: numeric, six characters, one-time-code", async () => {
    mockApi({});
    localStorage.setItem("identifier", "ada@example.com");
    renderApp("/verify");
    expect(await screen.findByRole("heading", { name: "Verify Your Email" })).toBeInTheDocument();
    const code = screen.getByLabelText("Verification code");
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(code).toHaveAttribute("maxlength", "6");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(screen.getByText("ada@example.com")).toBeInTheDocument();
  });

  it("needs a stored identifier", async () => {
    const api = mockApi({});
    const app = renderApp("/verify");
    await app.user.type(await screen.findByLabelText("Verification code"), "123456");
    await app.user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Missing identifier. Please register again.");
    await app.user.click(screen.getByRole("button", { name: "Resend code" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Missing identifier. Please register again.");
    expect(api.calls).toHaveLength(0);
  });

  it("asks for six digits before calling the server", async () => {
    const api = mockApi({});
    localStorage.setItem("identifier", "ada@example.com");
    const app = renderApp("/verify");
    await app.user.type(await screen.findByLabelText("Verification code"), "12a3");
    expect(screen.getByLabelText("Verification code")).toHaveValue("123");
    await app.user.click(screen.getByRole("button", { name: "Verify" }));
    expect(screen.getByLabelText("Verification code")).toHaveAccessibleDescription("Enter the 6-digit code.");
    expect(api.calls).toHaveLength(0);
  });

  it("verifies {email, code}, removes the identifier and goes to /login after 2 s", async () => {
    const api = mockApi({ [VERIFY]: { body: { detail: "Email verified successfully." } } });
    localStorage.setItem("identifier", "ada@example.com");
    const app = renderApp("/verify");
    await app.user.type(await screen.findByLabelText("Verification code"), "654321");
    await app.user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Email verified successfully.")).toBeInTheDocument();
    const shownAt = Date.now();
    expect(api.callsTo(VERIFY)[0]?.body).toEqual({ email: "ada@example.com", code: "654321" });
    expect(localStorage.getItem("identifier")).toBeNull();
    await expectSignInAfterRedirectDelay(shownAt);
  });

  it("shows the server's detail when verification fails", async () => {
    mockApi({ [VERIFY]: { status: 400, body: { detail: "Invalid or expired code." } } });
    localStorage.setItem("identifier", "ada@example.com");
    const app = renderApp("/verify");
    await app.user.type(await screen.findByLabelText("Verification code"), "000000");
    await app.user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid or expired code.");
    expect(localStorage.getItem("identifier")).toBe("ada@example.com");
  });

  it("falls back to the spec's text when verification fails without a detail", async () => {
    mockApi({ [VERIFY]: { status: 500, raw: "" } });
    localStorage.setItem("identifier", "ada@example.com");
    const app = renderApp("/verify");
    await app.user.type(await screen.findByLabelText("Verification code"), "000000");
    await app.user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Verification failed. Please try again.");
  });

  it("resends the code, says so, and waits 60 s with a countdown", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ [RESEND]: { body: { detail: "Sent." } } });
    localStorage.setItem("identifier", "ada@example.com");
    const app = renderApp("/verify", { userEvent: { advanceTimers: vi.advanceTimersByTime } });
    const button = await screen.findByRole("button", { name: "Resend code" });
    expect(button).toBeEnabled();
    await app.user.click(button);
    expect(await screen.findByText("A new verification code has been sent to your email.")).toBeInTheDocument();
    expect(api.callsTo(RESEND)[0]?.body).toEqual({ email: "ada@example.com" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription("You can resend the code in 60s.");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    expect(screen.getByText("You can resend the code in 45s.")).toBeInTheDocument();
    expect(button).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(45_000);
    });
    expect(button).toBeEnabled();
    expect(screen.queryByText(/You can resend the code/)).not.toBeInTheDocument();
  });

  it("says when resending fails for another reason and keeps the button available", async () => {
    mockApi({ [RESEND]: { status: 500, raw: "" } });
    localStorage.setItem("identifier", "ada@example.com");
    const app = renderApp("/verify");
    await app.user.click(await screen.findByRole("button", { name: "Resend code" }));
    expect(await screen.findByText("Failed to resend code. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Resend code" })).toBeEnabled();
  });

  it("after a 429, shows the server's reason and waits the seconds of its Retry-After", async () => {
    const detail = "Please wait 42 seconds before requesting another code.";
    mockApi({ [RESEND]: { status: 429, body: { detail, code: "throttled" }, headers: { "Retry-After": "42" } } });
    localStorage.setItem("identifier", "ada@example.com");
    const app = renderApp("/verify");
    await app.user.click(await screen.findByRole("button", { name: "Resend code" }));
    expect(await screen.findByText("Failed to resend code. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Verify your email" })).toHaveTextContent(detail);
    const button = screen.getByRole("button", { name: "Resend code" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/You can resend the code in (42|41)s\./);
  });

  it("after a 429 without Retry-After, waits the seconds the server's detail names, else 60 s", async () => {
    const api = mockApi({
      [RESEND]: { status: 429, body: { detail: "Please wait 17 seconds before requesting another code." } },
    });
    localStorage.setItem("identifier", "ada@example.com");
    const first = renderApp("/verify");
    await first.user.click(await screen.findByRole("button", { name: "Resend code" }));
    expect(await screen.findByText(/You can resend the code in (17|16)s\./)).toBeInTheDocument();
    first.unmount();
    sessionStorage.clear();

    api.fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ detail: "Too many requests. Please wait a minute and try again." }), { status: 429 }),
    );
    const second = renderApp("/verify");
    await second.user.click(await screen.findByRole("button", { name: "Resend code" }));
    expect(await screen.findByText(/You can resend the code in (60|59)s\./)).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Verify your email" })).toHaveTextContent(
      "Too many requests. Please wait a minute and try again.",
    );
  });

  it("keeps the wait of a 429 after a reload", async () => {
    mockApi({ [RESEND]: { status: 429, body: { detail: "Slow down." }, headers: { "Retry-After": "30" } } });
    localStorage.setItem("identifier", "ada@example.com");
    const first = renderApp("/verify");
    await first.user.click(await screen.findByRole("button", { name: "Resend code" }));
    expect(await screen.findByText(/You can resend the code in (30|29)s\./)).toBeInTheDocument();
    first.unmount();
    renderApp("/verify");
    expect(await screen.findByRole("button", { name: "Resend code" })).toBeDisabled();
    expect(screen.getByText(/You can resend the code in (30|29|28)s\./)).toBeInTheDocument();
  });

  it("counts the 60 s from the code sent at registration, also after a reload of /verify", async () => {
    // The clock stands still (timers run as usual), so the seconds shown are exact however slow the machine.
    vi.useFakeTimers({ toFake: ["Date"] });
    const api = mockApi({
      "POST /auth/register/": { status: 201, body: { detail: "Check your email.", email: "ada@example.com" } },
    });
    const app = renderApp("/register");
    await app.user.type(await screen.findByLabelText("First name"), "Ada");
    await app.user.type(screen.getByLabelText("Last name"), "Obi");
    await app.user.type(screen.getByLabelText("Email"), "ada@example.com");
    await app.user.type(screen.getByLabelText("Phone number"), "08012345678");
    await app.user.type(screen.getByLabelText("Password"), "s3cret-pass");
    await app.user.click(screen.getByRole("button", { name: "Create Wallet" }));
    await app.user.click(await screen.findByRole("link", { name: "Verify your email" }));
    const button = await screen.findByRole("button", { name: "Resend code" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription("You can resend the code in 60s.");
    app.unmount();

    // A reload 15 s after the registration still counts from the code sent then.
    vi.setSystemTime(Date.now() + 15_000);
    renderApp("/verify");
    expect(await screen.findByRole("button", { name: "Resend code" })).toBeDisabled();
    expect(screen.getByText("You can resend the code in 45s.")).toBeInTheDocument();
    expect(api.callsTo(RESEND)).toHaveLength(0);
  });

  it("sends the code by SMS: {email, channel: 'sms'}, says so, and waits 60 s of its own", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ [RESEND]: { body: { detail: "Sent." } } });
    localStorage.setItem("identifier", "ada@example.com");
    const app = renderApp("/verify", { userEvent: { advanceTimers: vi.advanceTimersByTime } });
    const sms = await screen.findByRole("button", { name: "Send the code by SMS" });
    await app.user.click(sms);
    expect(await screen.findByText("A new verification code has been sent to your phone.")).toBeInTheDocument();
    expect(api.callsTo(RESEND)[0]?.body).toEqual({ email: "ada@example.com", channel: "sms" });
    expect(sms).toBeDisabled();
    expect(sms).toHaveAccessibleDescription("You can ask for another SMS in 60s.");
    // The e-mail resend keeps its own wait (none here).
    expect(screen.getByRole("button", { name: "Resend code" })).toBeEnabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(sms).toBeEnabled();
  });

  it("offers the SMS at once after a registration's e-mailed code", async () => {
    mockApi({});
    localStorage.setItem("identifier", "ada@example.com");
    sessionStorage.setItem("resendAvailableAt:ada@example.com", String(Date.now() + 40_000));
    renderApp("/verify");
    expect(await screen.findByRole("button", { name: "Resend code" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Send the code by SMS" })).toBeEnabled();
  });

  it("after a 429 for the SMS, shows the server's reason and waits on the SMS button only", async () => {
    const detail = "Please wait 25 seconds before requesting another code.";
    mockApi({ [RESEND]: { status: 429, body: { detail, code: "throttled" }, headers: { "Retry-After": "25" } } });
    localStorage.setItem("identifier", "ada@example.com");
    const app = renderApp("/verify");
    await app.user.click(await screen.findByRole("button", { name: "Send the code by SMS" }));
    expect(await screen.findByText("Failed to resend code. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Verify your email" })).toHaveTextContent(detail);
    expect(screen.getByRole("button", { name: "Send the code by SMS" })).toHaveAccessibleDescription(
      /You can ask for another SMS in (25|24)s\./,
    );
    expect(screen.getByRole("button", { name: "Resend code" })).toBeEnabled();
  });

  it("does not hold another address's wait against this one", async () => {
    mockApi({});
    localStorage.setItem("identifier", "bola@example.com");
    sessionStorage.setItem("resendAvailableAt:ada@example.com", String(Date.now() + 40_000));
    renderApp("/verify");
    expect(await screen.findByRole("button", { name: "Resend code" })).toBeEnabled();
  });

  it("keeps waiting out the 60 s after a registration in this tab", async () => {
    mockApi({});
    localStorage.setItem("identifier", "Ada@Example.com");
    sessionStorage.setItem("resendAvailableAt:ada@example.com", String(Date.now() + 40_000));
    renderApp("/verify");
    expect(await screen.findByRole("button", { name: "Resend code" })).toBeDisabled();
    expect(screen.getByText(/You can resend the code in (40|39)s\./)).toBeInTheDocument();
  });
});
