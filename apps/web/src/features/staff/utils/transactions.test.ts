import { describe, expect, it } from "vitest";
import { cursorOf } from "../api/get-invoices";
import {
  csvField,
  defaultFilters,
  filterQuery,
  invoiceActions,
  invoicesToRows,
  isFilterActive,
  transactionsCsv,
  type StaffInvoice,
} from "./transactions";

const invoice: StaffInvoice = {
  id: 42,
  reference: "INV-42",
  created_at: "2025-03-12T10:04:00Z",
  paid_at: null,
  status: "pending",
  payment_method: "remita",
  customer_email: "ada@example.com",
  customer_meta: null,
  items: [{ amount: "4000.00", service: { name: "Consultation", description: "", department: null } }],
};

describe("staff transaction helpers", () => {
  it("defaults the range to one month ago through today", () => {
    expect(defaultFilters(new Date(Date.UTC(2025, 2, 31, 9)))).toEqual({
      dateFrom: "2025-03-03",
      dateTo: "2025-03-31",
      status: "",
      method: "",
      department: "",
    });
    expect(defaultFilters(new Date(Date.UTC(2025, 0, 15, 12))).dateFrom).toBe("2024-12-15");
  });

  it("takes today from the hospital's day (WAT, UTC+1), not the browser's", () => {
    // 23:28 UTC is already 00:28 the next day in Lagos; the browser's clock may say either.
    expect(defaultFilters(new Date("2025-03-15T23:28:00Z"))).toMatchObject({ dateFrom: "2025-02-16", dateTo: "2025-03-16" });
    expect(defaultFilters(new Date("2025-12-31T23:28:00Z"))).toMatchObject({ dateFrom: "2025-12-01", dateTo: "2026-01-01" });
    // 22:59 UTC is still the same WAT day.
    expect(defaultFilters(new Date("2025-03-15T22:59:59Z")).dateTo).toBe("2025-03-15");
    // Midnight UTC is 01:00 WAT: the same day in both.
    expect(defaultFilters(new Date("2025-03-16T00:00:00Z")).dateTo).toBe("2025-03-16");
  });

  it("gates on dates, status or method, not on department alone", () => {
    const none = { dateFrom: "", dateTo: "", status: "", method: "", department: "" };
    expect(isFilterActive(none)).toBe(false);
    expect(isFilterActive({ ...none, department: "Radiology" })).toBe(false);
    expect(isFilterActive({ ...none, dateTo: "2025-03-01" })).toBe(true);
    expect(isFilterActive({ ...none, method: "wallet" })).toBe(true);
  });

  it("leaves empty and 'all' out of the query", () => {
    expect(filterQuery({ dateFrom: "2025-03-01", dateTo: "", status: "failed", method: "", department: "all" })).toEqual({
      start_date: "2025-03-01",
      end_date: undefined,
      status: "failed",
      method: undefined,
      department: undefined,
    });
  });

  it("falls back to 'Unknown' and 'Payment for {service}'", () => {
    expect(invoicesToRows([invoice])[0]).toMatchObject({
      id: "42-0",
      date: "2025-03-12",
      amount: 4000,
      department: "",
      description: "Payment for Consultation",
      customerName: "Unknown",
      paidAt: null,
    });
  });

  it("quotes commas, quotes and line breaks", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
  });

  it("writes the header and one line per row", () => {
    const csv = transactionsCsv(
      invoicesToRows([{ ...invoice, customer_meta: { name: "Obi, Ada" }, paid_at: "2025-03-12T10:05:00Z" }]),
    );
    expect(csv.split("\r\n")).toEqual([
      "ID,Invoice ID,Reference,Date,Amount,Revenue Head,Department,Description,Status,Payment Method,Customer Name,Customer Email,Paid At",
      '42-0,42,INV-42,2025-03-12,₦4000.00,Consultation,,Payment for Consultation,pending,remita,"Obi, Ada",ada@example.com,2025-03-12T11:05:00+01:00',
    ]);
  });

  it("reads the cursor of a next link", () => {
    expect(cursorOf("/invoices/invoices/filter/?status=pending&cursor=abc123")).toBe("abc123");
    expect(cursorOf(null)).toBeUndefined();
  });

  it("offers confirm transfer for pending bank transfers to staff, and refunds of completed payments to admins", () => {
    const pendingTransfer = { status: "pending", payment_method: "bank_transfer" };
    const completed = { status: "completed", payment_method: "bank_transfer" };
    for (const role of ["AGENT", "ADMIN", "SUPERADMIN"]) {
      expect(invoiceActions(pendingTransfer, role)).toEqual({ confirmTransfer: true, refund: false });
      expect(invoiceActions({ status: "pending", payment_method: "remita" }, role).confirmTransfer).toBe(false);
      expect(invoiceActions({ status: "refunded", payment_method: "wallet" }, role)).toEqual({
        confirmTransfer: false,
        refund: false,
      });
    }
    expect(invoiceActions(completed, "AGENT").refund).toBe(false);
    expect(invoiceActions(completed, "ADMIN").refund).toBe(true);
    expect(invoiceActions(completed, "SUPERADMIN").refund).toBe(true);
    expect(invoiceActions(pendingTransfer, "CUSTOMER")).toEqual({ confirmTransfer: false, refund: false });
  });
});
