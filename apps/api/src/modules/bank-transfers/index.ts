import type { BaseContext } from "../../lib/module-context";
import { BankTransfersRepository } from "./bank-transfers.repository";
import { bankTransfersRoutes } from "./bank-transfers.routes";
import { TransferConfirmationService, type TransferConfirmationDeps } from "./transfer-confirmation.service";

export { BankTransfersRepository } from "./bank-transfers.repository";
export { operatedInvoice } from "./transfer-confirmation.service";

/** Staff confirm bank transfers; an agent's large excess waits for an admin. */
export async function register(
  ctx: BaseContext,
  deps: Omit<TransferConfirmationDeps, "db" | "transfers" | "excessToleranceKobo">,
) {
  const transferConfirmations = new BankTransfersRepository(ctx.db);
  const transfers = new TransferConfirmationService({
    ...deps,
    db: ctx.db,
    transfers: transferConfirmations,
    excessToleranceKobo: ctx.env.TRANSFER_EXCESS_TOLERANCE_NAIRA * 100,
  });
  await ctx.app.register(bankTransfersRoutes, { transfers });
  return { transfers, transferConfirmations };
}
