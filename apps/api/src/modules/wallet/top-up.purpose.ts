import type { Queryable } from "../../db/database";
import type { HoldSource, WalletCreditOutcome, WalletCredits } from "../kyc-tiers";
import { walletFundedMail, type MailRepository, type OutgoingMail } from "../mail";
import type { InvoiceRecord, PaymentPurpose, PurposeSettlement } from "../payments";
import type { WalletsRepository } from "./wallets.repository";

export interface TopUpPurposeDeps {
  /** The tier cap check every wallet credit goes through: a top-up that no longer fits is held. */
  walletCredits: WalletCredits;
  wallets: WalletsRepository;
  mail: MailRepository;
}

/** How one credit differs from a top-up paid through a gateway (a reserved-account transfer's). */
export interface WalletCreditTerms {
  /** Where the credit came from, as a hold over a cap records it. */
  source: Pick<HoldSource, "kind" | "transfer">;
  /** The e-mail once the money is in the wallet, given the new balance. */
  creditedMail?: (balanceKobo: number) => OutgoingMail;
  /** Told what became of the credit (in the wallet, or held), inside the settling transaction. */
  onCredit?: (outcome: WalletCreditOutcome) => void;
}

const TOP_UP_TERMS: WalletCreditTerms = { source: { kind: "top_up" } };

/**
 * Money for the payer's own wallet (the stored purpose `top_up`): the hospital now owes the customer the
 * invoice's amount, in their wallet, or held in suspense:kyc_holds when it no longer fits the tier's caps
 * (paid after it was cancelled or expired, its room given up), through WalletCredits. The top-up's wallet
 * movement follows (completed, held, or failed when the payment is closed), and a credit in the wallet is
 * told by e-mail with the new balance. It always fits: money that arrived cannot be refused.
 */
export class TopUpPurpose implements PaymentPurpose {
  readonly key = "top_up";

  constructor(
    private readonly deps: TopUpPurposeDeps,
    private readonly terms: WalletCreditTerms = TOP_UP_TERMS,
  ) {}

  /** The same purpose for one credit with its own source, e-mail and outcome (given to settleLocked). */
  withTerms(terms: WalletCreditTerms): TopUpPurpose {
    return new TopUpPurpose(this.deps, terms);
  }

  begin(_tx: Queryable, invoice: InvoiceRecord): Promise<PurposeSettlement> {
    const { walletCredits, wallets, mail } = this.deps;
    const { source, creditedMail, onCredit } = this.terms;
    const userId = invoice.userId;
    if (userId === null) throw new Error(`top-up ${invoice.reference} has no customer to credit`);
    let credited: WalletCreditOutcome | null = null;
    return Promise.resolve({
      fits: true,
      title: "Wallet top-up",
      credit: async (tx) => {
        const credit = await walletCredits.creditOrHold(tx, {
          userId,
          amountKobo: invoice.totalKobo,
          source: {
            kind: source.kind,
            invoiceId: invoice.id,
            reference: invoice.reference,
            ...(source.transfer ? { transfer: source.transfer } : {}),
          },
        });
        credited = credit;
        onCredit?.(credit);
        await wallets.setMovementStatus(tx, invoice.id, "credit", credit.to === "wallet" ? "completed" : "held");
        return [{ accountCode: credit.accountCode, amountKobo: -invoice.totalKobo }];
      },
      settled: async (tx) => {
        const credit = credited as WalletCreditOutcome | null;
        if (credit?.to !== "wallet") return;
        await mail.enqueue(
          creditedMail?.(credit.balanceKobo) ??
            walletFundedMail(
              invoice.customerEmail,
              invoice.customerName,
              invoice.reference,
              invoice.totalKobo,
              credit.balanceKobo,
              invoice.locale,
            ),
          tx,
        );
      },
    });
  }

  async closed(tx: Queryable, invoice: InvoiceRecord): Promise<void> {
    await this.deps.wallets.setMovementStatus(tx, invoice.id, "credit", "failed");
  }
}
