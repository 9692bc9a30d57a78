import { firstQueryValue, readQueryInteger } from "../lib/input";
import { watDateTimeDmy, watDateTimeMillis, watDaySpan, watHourOn } from "../lib/time";
import type { WebhookDelivery } from "../lib/webhook-sender";
import {
  koboToMonnifyAmount,
  MonnifyFailure,
  monnifyFeeKobo,
  monnifyPage,
  monnifySignature,
  SETTLEMENT_DESTINATION,
  type MonnifyPage,
} from "./monnify.protocol";
import type { MonnifyGateway } from "./monnify.service";
import type { MonnifySettlement, MonnifyTransaction } from "./monnify.store";

/** `eventData` of the SETTLEMENT webhook; amounts in naira, the time in WAT. */
export interface MonnifySettlementEventData {
  settlementReference: string;
  amount: number;
  destinationAccountNumber: string;
  destinationAccountName: string;
  destinationBankCode: string;
  destinationBankName: string;
  /** "21/11/2026 22:00:00" */
  settlementTime: string;
  transactionsCount: number;
}

/** The settle control's view: the webhook's data and the transactions it pays out. */
export interface MonnifySettlementView extends MonnifySettlementEventData {
  transactionReferences: string[];
}

/** One transaction of a settlement, as find-by-settlement-reference shows it; amounts in naira. */
export interface MonnifySettlementTransactionView {
  transactionReference: string;
  paymentReference: string;
  amountPaid: number;
  totalPayable: number;
  settlementAmount: number;
  /** As the status query prints it: "2026-11-21 14:05:09.123" (WAT). */
  paidOn: string;
  paymentStatus: "PAID";
  paymentMethod: "ACCOUNT_TRANSFER";
  currency: "NGN";
}

export type MonnifySettlementTransactionPage = MonnifyPage<MonnifySettlementTransactionView>;

/** Monnify settles account transfers at 10 PM WAT the same day. */
const SETTLEMENT_HOUR_WAT = 22;

/**
 * Monnify's settlements: a WAT day's paid transactions, less their fees, paid into the hospital's account
 * the same day in one settlement, announced by a signed SETTLEMENT webhook; a withheld transaction is
 * never paid out.
 */
export class MonnifySettlements {
  constructor(private readonly gateway: MonnifyGateway) {}

  /**
   * Settles the PAID transactions paid on the WAT calendar day `day` (its midnight UTC) not yet settled or
   * withheld; null when there are none.
   */
  settle(day: Date): MonnifySettlement | null {
    const { start, end } = watDaySpan(day);
    const transactions = this.gateway.store
      .list()
      .filter(
        (transaction) =>
          transaction.status === "PAID" &&
          transaction.paidAt !== null &&
          transaction.paidAt >= start &&
          transaction.paidAt < end &&
          transaction.settlementReference === null &&
          !transaction.withheld,
      )
      .sort((a, b) => (a.paidAt?.getTime() ?? 0) - (b.paidAt?.getTime() ?? 0));
    if (transactions.length === 0) return null;
    return this.gateway.store.addSettlement({
      transactions,
      amountKobo: transactions.reduce((sum, transaction) => sum + this.netKobo(transaction), 0),
      settlementTime: watHourOn(day, SETTLEMENT_HOUR_WAT),
      destination: { ...SETTLEMENT_DESTINATION },
    });
  }

  /** Keeps a transaction out of every settlement; false when it is already settled. */
  withhold(transaction: MonnifyTransaction): boolean {
    if (transaction.settlementReference !== null) return false;
    transaction.withheld = true;
    return true;
  }

  /** One signed delivery of the settlement's webhook, without retries (the settle control). */
  async notify(settlement: MonnifySettlement): Promise<WebhookDelivery> {
    const body = JSON.stringify({ eventType: "SETTLEMENT", eventData: eventData(settlement) });
    const delivery = await this.gateway.sender.send(body, {
      "monnify-signature": monnifySignature(this.gateway.credentials.secretKey, body),
    });
    settlement.notifications.push(delivery);
    return delivery;
  }

  /** GET /api/v1/transactions/find-by-settlement-reference?reference=&page=&size= */
  transactions(query: Record<string, unknown>): MonnifySettlementTransactionPage {
    const reference = firstQueryValue(query.reference)?.trim();
    if (!reference) throw new MonnifyFailure(400, "reference is required");
    const page = readQueryInteger(query.page, 0, 0);
    const size = readQueryInteger(query.size, 10, 1, 100);
    if (page === null || size === null) throw new MonnifyFailure(400, "page must be a whole number from 0, size from 1");
    const settlement = this.gateway.store.findSettlement(reference);
    if (!settlement) throw new MonnifyFailure(404, "Could not find settlement with the specified reference");
    return monnifyPage(
      settlement.transactions.map((transaction) => this.transactionView(transaction)),
      page,
      size,
    );
  }

  view(settlement: MonnifySettlement): MonnifySettlementView {
    return {
      ...eventData(settlement),
      transactionReferences: settlement.transactions.map((transaction) => transaction.transactionReference),
    };
  }

  private netKobo(transaction: MonnifyTransaction): number {
    const paid = this.gateway.paidKobo(transaction);
    return paid - monnifyFeeKobo(paid);
  }

  private transactionView(transaction: MonnifyTransaction): MonnifySettlementTransactionView {
    return {
      transactionReference: transaction.transactionReference,
      paymentReference: transaction.paymentReference,
      amountPaid: koboToMonnifyAmount(this.gateway.paidKobo(transaction)),
      totalPayable: koboToMonnifyAmount(transaction.totalPayableKobo),
      settlementAmount: koboToMonnifyAmount(this.netKobo(transaction)),
      paidOn: watDateTimeMillis(transaction.paidAt ?? transaction.createdAt),
      paymentStatus: "PAID",
      paymentMethod: "ACCOUNT_TRANSFER",
      currency: "NGN",
    };
  }
}

function eventData(settlement: MonnifySettlement): MonnifySettlementEventData {
  return {
    settlementReference: settlement.settlementReference,
    amount: koboToMonnifyAmount(settlement.amountKobo),
    destinationAccountNumber: settlement.destination.accountNumber,
    destinationAccountName: settlement.destination.accountName,
    destinationBankCode: settlement.destination.bankCode,
    destinationBankName: settlement.destination.bankName,
    settlementTime: watDateTimeDmy(settlement.settlementTime),
    transactionsCount: settlement.transactions.length,
  };
}
