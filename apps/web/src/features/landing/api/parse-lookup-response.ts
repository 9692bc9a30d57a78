import { transactionLookupResponseSchema, type PublicTransaction } from "@hospipay/contract";

/** The look-up answer's records, or null when the answer has another shape. */
export function parseLookupResponse(body: unknown): PublicTransaction[] | null {
  const parsed = transactionLookupResponseSchema.safeParse(body);
  return parsed.success ? parsed.data.results : null;
}
