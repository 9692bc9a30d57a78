import { firstQueryValue, readQueryInteger } from "../lib/input";
import { DAY_MS, parseCalendarDay, watDaySpan } from "../lib/time";
import { PAYSTACK_INTEGRATION_ID, PaystackFailure, paystackFeeKobo, paystackPage, type PaystackPage } from "./paystack.protocol";
import type { PaystackSettlement, PaystackSettlementStatus, PaystackStore, PaystackTransaction } from "./paystack.store";

/** A settlement as GET /settlement shows it; amounts in kobo. */
export interface PaystackSettlementView {
  id: number;
  domain: "test";
  status: PaystackSettlementStatus;
  currency: "NGN";
  integration: number;
  total_amount: number;
  effective_amount: number;
  total_fees: number;
  total_processed: number;
  deductions: number;
  settlement_date: string;
  settled_by: null;
  createdAt: string;
  updatedAt: string;
}

/** One transaction of a settlement, as GET /settlement/:id/transactions shows it; amounts in kobo. */
export interface PaystackSettlementTransactionView {
  id: number;
  reference: string;
  amount: number;
  fees: number;
  currency: string;
  channel: string;
  status: "success";
  paid_at: string;
  paidAt: string;
  createdAt: string;
}

export type PaystackSettlementList = PaystackPage<PaystackSettlementView>;
export type PaystackSettlementTransactionList = PaystackPage<PaystackSettlementTransactionView>;

const SETTLEMENT_STATUSES: readonly PaystackSettlementStatus[] = ["success", "processing", "pending", "failed"];
const bad = (message: string) => new PaystackFailure(400, message);

/** `page` and `perPage` of a list query: page from 1, 50 a page by default, at most 100. */
function readPaging(query: Record<string, unknown>): { page: number; perPage: number } {
  const page = readQueryInteger(query.page, 1, 1);
  if (page === null) throw bad("page must be a whole number from 1");
  const perPage = readQueryInteger(query.perPage, 50, 1, 100);
  if (perPage === null) throw bad("perPage must be a whole number from 1");
  return { page, perPage };
}

/** `from` or `to`: a date ("2026-11-21", its midnight UTC) or an ISO timestamp. */
function readBound(query: Record<string, unknown>, name: "from" | "to"): Date | undefined {
  const text = firstQueryValue(query[name]);
  if (text === undefined || text === "") return undefined;
  const bound = /^\d{4}-\d{2}-\d{2}T/.test(text) ? new Date(text) : parseCalendarDay(text);
  if (!bound || Number.isNaN(bound.getTime())) throw bad(`Invalid ${name} date: send a date or an ISO timestamp`);
  return bound;
}

/**
 * Paystack's settlements: a WAT day's successful NGN charges paid out the next day (T+1), less their fees,
 * in one settlement; a withheld transaction is never paid out.
 */
export class PaystackSettlements {
  constructor(private readonly store: PaystackStore) {}

  /**
   * Settles the charges paid on the WAT calendar day `day` (its midnight UTC) not yet settled or withheld;
   * null when there are none. Charges in another currency stay out: the settlement is in naira.
   */
  settle(day: Date): PaystackSettlement | null {
    const { start, end } = watDaySpan(day);
    const transactions = this.store
      .list()
      .filter(
        (transaction) =>
          transaction.status === "success" &&
          transaction.chargedCurrency === "NGN" &&
          transaction.paidAt !== null &&
          transaction.paidAt >= start &&
          transaction.paidAt < end &&
          transaction.settlementId === null &&
          !transaction.withheld,
      )
      .sort((a, b) => (a.paidAt?.getTime() ?? 0) - (b.paidAt?.getTime() ?? 0));
    if (transactions.length === 0) return null;
    return this.store.addSettlement({
      settlementDate: new Date(day.getTime() + DAY_MS),
      transactions,
      totalProcessedKobo: transactions.reduce((sum, transaction) => sum + chargedKobo(transaction), 0),
      totalFeesKobo: transactions.reduce((sum, transaction) => sum + paystackFeeKobo(chargedKobo(transaction)), 0),
    });
  }

  /** Keeps a transaction out of every settlement; false when it is already settled. */
  withhold(transaction: PaystackTransaction): boolean {
    if (transaction.settlementId !== null) return false;
    transaction.withheld = true;
    return true;
  }

  /** GET /settlement: `from` and `to` bound `settlement_date` inclusively; `status` filters. */
  list(query: Record<string, unknown>): PaystackSettlementList {
    const { page, perPage } = readPaging(query);
    const from = readBound(query, "from");
    const to = readBound(query, "to");
    const status = firstQueryValue(query.status);
    if (status !== undefined && status !== "" && !SETTLEMENT_STATUSES.includes(status as PaystackSettlementStatus))
      throw bad(`status must be one of ${SETTLEMENT_STATUSES.join(", ")}`);
    const settlements = this.store
      .listSettlements()
      .filter(
        (settlement) =>
          (!from || settlement.settlementDate >= from) &&
          (!to || settlement.settlementDate <= to) &&
          (!status || settlement.status === status),
      );
    return paystackPage("Settlements retrieved", settlements.map(settlementView), page, perPage);
  }

  /** GET /settlement/:id/transactions */
  transactions(id: string, query: Record<string, unknown>): PaystackSettlementTransactionList {
    const settlement = /^\d{1,15}$/.test(id) ? this.store.findSettlement(Number(id)) : undefined;
    if (!settlement) throw new PaystackFailure(404, "Settlement not found");
    const { page, perPage } = readPaging(query);
    return paystackPage(
      "Settlement transactions retrieved",
      settlement.transactions.map(settlementTransactionView),
      page,
      perPage,
    );
  }
}

const chargedKobo = (transaction: PaystackTransaction): number => transaction.chargedKobo ?? transaction.amountKobo;

/** A settlement as GET /settlement and the settle control show it. */
export function settlementView(settlement: PaystackSettlement): PaystackSettlementView {
  const net = settlement.totalProcessedKobo - settlement.totalFeesKobo;
  return {
    id: settlement.id,
    domain: "test",
    status: settlement.status,
    currency: "NGN",
    integration: PAYSTACK_INTEGRATION_ID,
    total_amount: net,
    effective_amount: net,
    total_fees: settlement.totalFeesKobo,
    total_processed: settlement.totalProcessedKobo,
    deductions: 0,
    settlement_date: settlement.settlementDate.toISOString(),
    settled_by: null,
    createdAt: settlement.createdAt.toISOString(),
    updatedAt: settlement.updatedAt.toISOString(),
  };
}

function settlementTransactionView(transaction: PaystackTransaction): PaystackSettlementTransactionView {
  const amount = chargedKobo(transaction);
  const paidAt = (transaction.paidAt ?? transaction.createdAt).toISOString();
  return {
    id: transaction.id,
    reference: transaction.reference,
    amount,
    fees: paystackFeeKobo(amount),
    currency: transaction.chargedCurrency ?? transaction.currency,
    channel: transaction.channel ?? "card",
    status: "success",
    paid_at: paidAt,
    paidAt,
    createdAt: transaction.createdAt.toISOString(),
  };
}
