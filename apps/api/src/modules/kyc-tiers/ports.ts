import type { Queryable } from "../../db/database";
import type { Posting } from "../ledger";
import type { InvoiceRecord } from "../payments";

/**
 * The wallet rows a credit or a release moves, as the tier caps call them (the wallet module's
 * WalletsRepository, handed in by app.ts): the caps sit below the wallet, so they name only what they use.
 */
export interface CreditedWallets {
  /** The customer's wallet, made on first use. */
  ensure(userId: number, q?: Queryable): Promise<CreditedWallet>;
  findByUser(userId: number, q?: Queryable): Promise<CreditedWallet | null>;
  /** Adds to the balance; answers the new balance. */
  credit(q: Queryable, walletId: number, amountKobo: number): Promise<number>;
  /** How much of an invoice's credit is still a pending movement (already counted in the standing). */
  pendingCredit(q: Queryable, invoiceId: number): Promise<number>;
  setMovementStatus(
    q: Queryable,
    invoiceId: number,
    type: "credit" | "debit",
    status: "completed" | "failed" | "held",
  ): Promise<void>;
}

/** A wallet as a credit needs it: its row and its ledger account. */
export interface CreditedWallet {
  id: number;
  /** The wallet's ledger account code (`wallet:{userId}`). */
  accountCode: string;
}

/** A customer's reserved account, as a released transfer's hold reads it (the reserved accounts' repository). */
export interface ReservedAccountLookup {
  findByUser(userId: number, q?: Queryable): Promise<{ accountNumber: string | null } | null>;
}

/**
 * The booking of a reserved-account transfer's credit, as the release of a hold kept without an invoice calls
 * it (the reserved accounts' service): the transfer's top-up invoice, credited from `sources`.
 */
export interface TransferCredits {
  bookWalletCredit(
    tx: Queryable,
    transfer: { userId: number; amountKobo: number; transactionReference: string; senderName: string | null },
    creditId: number,
    accountNumber: string,
    sources?: Posting[],
  ): Promise<{ invoice: InvoiceRecord }>;
}
