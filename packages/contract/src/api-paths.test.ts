import { describe, expect, it } from "vitest";
import { API_PATHS } from "./api-paths";

describe("API_PATHS", () => {
  it("keeps SPEC §7's paths verbatim, trailing slashes included", () => {
    expect(API_PATHS.login).toBe("/auth/login/");
    expect(API_PATHS.register).toBe("/auth/register/");
    expect(API_PATHS.forgotPassword).toBe("/auth/forgot-password/");
    expect(API_PATHS.verifyEmail).toBe("/verify-email/");
    expect(API_PATHS.resendVerificationCode).toBe("/resend-verification-code/");
    expect(API_PATHS.paymentMethods).toBe("/express/methods/");
    expect(API_PATHS.checkout).toBe("/express/checkout/");
    expect(API_PATHS.fetchTransactions).toBe("/api/express/fetch-transactions/");
    expect(API_PATHS.gatewayCallback("remita")).toBe("/api/express/callback/top-up/remita/");
    expect(API_PATHS.profile).toBe("/auth/profile/");
    expect(API_PATHS.topUp).toBe("/express/top-up/");
    expect(API_PATHS.profileUpdate).toBe("/auth/profile/update/");
    expect(API_PATHS.changePassword).toBe("/auth/profile/change-password/");
    expect(API_PATHS.kycUpgrade).toBe("/auth/kyc/upgrade/");
    expect(API_PATHS.kycUpdate).toBe("/auth/kyc/update/");
    expect(API_PATHS.kycSubmit).toBe("/auth/kyc/submit/");
    expect(API_PATHS.kycMe).toBe("/auth/kyc/me/");
    expect(API_PATHS.statistics).toBe("/invoices/invoices/statistics/");
    expect(API_PATHS.invoiceFilter).toBe("/invoices/invoices/filter/");
  });

  it("fills a parameter path with its value URL-encoded, and gives the router's form as route", () => {
    expect(API_PATHS.payment("HP-123")).toBe("/api/express/payments/HP-123/");
    expect(API_PATHS.payment.route).toBe("/api/express/payments/:reference/");
    expect(API_PATHS.approveRefund(42)).toBe("/api/staff/refunds/42/approve/");
    expect(API_PATHS.approveRefund.route).toBe("/api/staff/refunds/:id/approve/");
    // A "$" is text, never a replacement pattern; "/" and "?" cannot leave the segment.
    expect(API_PATHS.refundInvoice("a/b?c$&")).toBe("/api/staff/invoices/a%2Fb%3Fc%24%26/refund/");
  });
});
