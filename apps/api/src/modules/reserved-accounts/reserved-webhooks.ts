import type { MonnifyGateway, WebhookHandler } from "../gateways";
import type { ReservedAccountsService } from "./reserved-accounts.service";

/**
 * Monnify's notifications of transfers into customers' reserved accounts (not to an invoice): credited once
 * Monnify's own status query confirms them (ReservedAccountsService.receive). While Monnify cannot be
 * asked, the notification is answered 503 so Monnify sends it again. Any other notification is left to
 * the next handler.
 */
export function reservedTransferWebhooks(monnify: MonnifyGateway, accounts: ReservedAccountsService): WebhookHandler {
  return {
    async take({ key, body, log }) {
      const transfer = key === "monnify" ? monnify.reservedTransfer(body) : null;
      if (!transfer) return null;
      try {
        await accounts.receive(transfer);
      } catch (error) {
        log.warn(
          { err: error, transactionReference: transfer.transactionReference },
          "reserved-account transfer not verified yet",
        );
        return { status: "retry", detail: "Could not verify the transfer yet." };
      }
      return { status: "ok" };
    },
  };
}
