import type { StatisticsResponse } from "@hospipay/contract";
import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setLocale } from "../../../i18n";
import { activateLocale } from "../../../i18n/intl";
import { SummaryCards } from "./summary-cards";

/** 2 completed rows (₦800 in all), 1 refunded (₦500), 2 pending of ₦49,999,900 each: 5 rows. */
const STATISTICS: StatisticsResponse = {
  method_counts: { bank_transfer: { sum_amount: "800.00", count: 2 } },
  total_transactions: 5,
  completed_transactions: 2,
  total_revenue: "800.00",
  average_transaction: "400.00",
  refunded_transactions: 1,
  total_refunded: "500.00",
  recent_transactions: 4,
};

const card = (title: string) => screen.getByRole("listitem", { name: title });

describe("the staff summary cards", () => {
  it("keep SPEC's four titles and say what each figure counts", () => {
    render(<SummaryCards stats={STATISTICS} status="" />);
    expect(
      within(screen.getByRole("list", { name: "Summary" }))
        .getAllByRole("heading")
        .map((heading) => heading.textContent),
    ).toEqual(["Total Transactions", "Total Revenue", "Average Transaction", "Recent Transactions"]);
    expect(card("Total Transactions")).toHaveTextContent(/^Total Transactions5All statuses$/);
    // Revenue is the money received: the completed payments, never the unpaid ₦99,999,800.
    expect(card("Total Revenue")).toHaveTextContent(
      /^Total Revenue₦800\.00Completed payments only₦500\.00 refunded, not counted$/,
    );
    expect(card("Average Transaction")).toHaveTextContent(/^Average Transaction₦400\.00Per completed transaction \(2\)$/);
    expect(card("Recent Transactions")).toHaveTextContent(/^Recent Transactions4Last 7 days, all statuses$/);
  });

  it("name the status the filter counts", () => {
    render(
      <SummaryCards
        stats={{ ...STATISTICS, completed_transactions: 0, total_revenue: "0.00", average_transaction: "0.00" }}
        status="pending"
      />,
    );
    expect(card("Total Transactions")).toHaveTextContent(/^Total Transactions5Status pending only$/);
    expect(card("Total Revenue")).toHaveTextContent("₦0.00Completed payments only");
    expect(card("Recent Transactions")).toHaveTextContent(/^Recent Transactions4Last 7 days, status pending only$/);
  });

  it("show dashes and no notes before the figures arrive", () => {
    render(<SummaryCards stats={undefined} status="" />);
    for (const title of ["Total Transactions", "Total Revenue", "Average Transaction", "Recent Transactions"])
      expect(card(title)).toHaveTextContent(new RegExp(`^${title}—$`));
  });

  describe("in another language", () => {
    afterEach(async () => {
      setLocale("en");
      await activateLocale("en");
    });

    it("name the cards and the filtered status in Yoruba", async () => {
      setLocale("yo");
      await activateLocale("yo");
      render(<SummaryCards stats={STATISTICS} status="pending" />);
      expect(card("Àpapọ̀ Ìdúnàádúrà")).toHaveTextContent(/^Àpapọ̀ Ìdúnàádúrà5Ipò ó ń dúró nìkan$/);
      expect(card("Àpapọ̀ Owó Tó Wọlé")).toHaveTextContent("₦500.00");
    });
  });
});
