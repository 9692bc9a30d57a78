import { z } from "zod";

/**
 * What the browser opens Remita's inline widget with, for a checkout or a top-up. A module of its own, so
 * that the wallet's schemas (wallet.ts) do not bring every payment schema into the wallet home's code.
 */
export const remitaWidgetSchema = z.object({
  key: z.literal("remita"),
  script_url: z.string(),
  public_key: z.string(),
  rrr: z.string(),
  transaction_id: z.string(),
  amount: z.string(),
});
