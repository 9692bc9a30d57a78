import { WAIVER_MESSAGES } from "@hospipay/contract";
import { t, type MessageDescriptor } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { failureText } from "../api/bills-error";
import { waiverMessages as m } from "../waivers.messages";

/** The contract's (and so the server's) fixed waiver texts, in the current language. */
const WAIVER_TEXTS = new Map<string, MessageDescriptor>([
  [WAIVER_MESSAGES.requested, m.requested],
  [WAIVER_MESSAGES.approved, m.approved],
  [WAIVER_MESSAGES.rejected, m.rejected],
  [WAIVER_MESSAGES.amountOrPercentMissing, m.enterAmount],
  [WAIVER_MESSAGES.percentRange, m.enterPercent],
  [WAIVER_MESSAGES.tooSmall, m.tooSmall],
  [WAIVER_MESSAGES.notPending, m.alreadyDecided],
  [WAIVER_MESSAGES.ownRequest, m.ownRequest],
  [WAIVER_MESSAGES.noRight, m.noRight],
]);

/** A server's waiver text in the current language when it is one of the contract's; any other as it came. */
export function waiverText(text: string): string {
  const descriptor = WAIVER_TEXTS.get(text);
  return descriptor ? t(descriptor) : text;
}

/** What a refused waiver action says: the server's detail (translated when known), else the fallback. */
export function waiverFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return waiverText(error.detail);
  return failureText(error, fallback);
}
