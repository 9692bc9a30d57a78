import { API_PATHS, koboToDecimal, MESSAGES, nairaToKobo, type WalletTransaction } from "@hospipay/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { isOffline, offlineMessages } from "../../../lib/offline";
import { toast } from "../../../lib/toast";
import { api, ApiError, errorDetail } from "../../../lib/api-client";
import { showRemitaWidget } from "../../../lib/remita/remita-widget";
import { isApproved, verifyRemitaPayment, type CallbackAnswer } from "../../../lib/remita/verify-remita-payment";
import { profileQueryKey, useCurrentUser } from "../../../lib/session/get-profile";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { useCreateTopUp } from "../api/create-top-up";
import { topUpMessages as m } from "../messages";
import { walletTransactionsQueryKey } from "../api/get-wallet-transactions";
import {
  readRemitaSettings,
  rememberedRemitaSettings,
  rememberRemitaSettings,
  type RemitaSettings,
} from "../utils/remita-settings";

/** What the widget is opened for: a new top-up, or a stored pending one ('Proceed'). */
interface TopUpTarget {
  reference: string;
  rrr: string;
  /** Naira, as the API sends it ("5000.00"). */
  amount: string;
}

/** The outcome of starting a top-up, for the form that asked. */
export type TopUpStartResult = { shown: true } | { shown: false; fieldError?: string; error?: string };

/** "5,000" and " 5000.50 " are read as amounts; anything else (words, 3 decimals, negatives) is not. */
export function parseTopUpAmount(text: string): number | null {
  const kobo = nairaToKobo(text.replace(/[,\s]/g, ""));
  return kobo !== null && kobo > 0 ? kobo : null;
}

function isPendingAnswer(answer: CallbackAnswer): boolean {
  return answer.transaction_status === "PENDING" || answer.status === "021";
}

/** Reads the server's verdict on a top-up and says it in a toast (SPEC §4 step 4, §8). */
export async function confirmTopUp(target: { reference: string; rrr: string; amount?: string }): Promise<void> {
  try {
    const answer = await verifyRemitaPayment({ transactionId: target.reference, rrr: target.rrr, amount: target.amount });
    if (isApproved(answer)) toast.success(specText(MESSAGES.topUp.success));
    // Remita has not settled the payment yet: the balance changes once it has.
    else if (isPendingAnswer(answer)) toast.info(t(m.pending));
    else toast.error(specText(MESSAGES.topUp.failed));
  } catch {
    toast.error(specText(MESSAGES.topUp.callbackFailed));
  }
}

/**
 * After a widget's decline, or a return from Remita's page that is not a success: the payer has been told
 * already; the server's callback asks Remita, which closes the top-up at once when Remita says it was
 * declined (one Remita has no word on stays pending). Should Remita say it is paid after all, the payer
 * hears that too. Resolves once the server has answered (or could not).
 */
export async function reportUnpaidTopUp(target: { reference: string; rrr: string; amount?: string }): Promise<void> {
  if (!target.reference && !target.rrr) return;
  try {
    const answer = await verifyRemitaPayment({ transactionId: target.reference, rrr: target.rrr, amount: target.amount });
    if (isApproved(answer)) toast.success(specText(MESSAGES.topUp.success));
  } catch {
    // The worker asks Remita about the top-up in its turn.
  }
}

/**
 * After the payer closed the widget, or came back from Remita's page having aborted (012): the server asks
 * Remita (the payments' cancel call) and closes the top-up as cancelled when Remita says the payer abandoned
 * it; a declined one fails, a paid one settles, an undecided one stays pending. Without a reference the
 * callback asks by the RRR.
 */
export async function reportClosedTopUp(target: { reference: string; rrr: string; amount?: string }): Promise<void> {
  if (!target.reference) return reportUnpaidTopUp(target);
  try {
    const answer = await api.post<{ status?: unknown } | undefined>(API_PATHS.cancelPayment(target.reference), {});
    if (answer?.status === "completed") toast.success(specText(MESSAGES.topUp.success));
  } catch {
    // The worker asks Remita about the top-up in its turn.
  }
}

/**
 * Wallet top-up (SPEC §4 "Wallet top-up"): checks the amount, creates the top-up, opens Remita's
 * widget with its RRR, and after the widget's success asks the server's callback whether the money
 * arrived; after a decline or close it tells the payer at once and has the server ask Remita too
 * (reportUnpaidTopUp), so the history shows a declined top-up as failed. Outcomes are toasts;
 * afterwards the profile (balance, header) and the transaction lists are fetched again instead of
 * reloading the page. `resume` reopens the widget for a stored pending top-up.
 */
export function useTopUp() {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const create = useCreateTopUp();
  const [confirming, setConfirming] = useState(false);
  // Callbacks of a widget opened for an earlier attempt are ignored.
  const attempt = useRef(0);

  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
        queryClient.invalidateQueries({ queryKey: walletTransactionsQueryKey }),
      ]),
    [queryClient],
  );

  /**
   * Opens the widget; resolves with a SPEC §8 message when it cannot be opened before `beforeShow`
   * ran. A failure after it (the engine's own init) is a toast, because the asking form may be gone.
   */
  const openWidget = useCallback(
    async (target: TopUpTarget, settings: RemitaSettings | null, beforeShow?: () => void): Promise<string | undefined> => {
      const id = ++attempt.current;
      if (!settings) return MESSAGES.topUp.initFailed;
      let settled = false;
      const once = (handler: () => void) => () => {
        if (settled || id !== attempt.current) return;
        settled = true;
        handler();
      };
      let handedOver = false;
      try {
        await showRemitaWidget(
          settings.script_url,
          {
            key: settings.public_key,
            processRrr: true,
            transactionId: target.reference,
            customerId: user?.email ?? "",
            firstName: user?.first_name ?? "",
            lastName: user?.last_name ?? "",
            email: user?.email ?? "",
            // Remita's widget takes a number; this is a conversion for it, never a sum.
            amount: Number(target.amount),
            narration: "Wallet top-up",
            extendedData: { customFields: [{ name: "rrr", value: target.rrr }] },
            onSuccess: once(() => {
              setConfirming(true);
              void confirmTopUp(target).finally(() => {
                if (id === attempt.current) setConfirming(false);
                void refresh();
              });
            }),
            onError: once(() => {
              toast.error(specText(MESSAGES.topUp.failed));
              void reportUnpaidTopUp(target).finally(() => void refresh());
            }),
            onClose: once(() => {
              toast.warn(specText(MESSAGES.topUp.cancelled));
              void reportClosedTopUp(target).finally(() => void refresh());
            }),
          },
          () => {
            handedOver = true;
            beforeShow?.();
          },
        );
        return undefined;
      } catch {
        settled = true;
        if (!handedOver) return MESSAGES.topUp.initFailed;
        toast.error(specText(MESSAGES.topUp.initFailed));
        return undefined;
      }
    },
    [refresh, user],
  );

  /**
   * Steps 1 to 3 for the amount typed; resolves once the widget is open or the attempt has failed.
   * `beforeShow` runs just before the widget opens.
   */
  const start = useCallback(
    async (amountText: string, beforeShow?: () => void): Promise<TopUpStartResult> => {
      const kobo = parseTopUpAmount(amountText);
      if (kobo === null) return { shown: false, fieldError: MESSAGES.topUp.invalidAmount };
      let answer;
      try {
        answer = await create.mutateAsync({ amount: koboToDecimal(kobo), payment_method: "remita" });
      } catch (error) {
        const fieldError = error instanceof ApiError ? error.fieldError("amount") : undefined;
        if (fieldError) return { shown: false, fieldError };
        return { shown: false, error: errorDetail(error, MESSAGES.topUp.failed) };
      }
      const reference = answer.reference;
      const rrr = answer.rrr_response?.RRR || answer.gateway?.rrr;
      if (!reference || !rrr) return { shown: false, error: MESSAGES.topUp.missingRrr };
      const settings = readRemitaSettings(answer.gateway);
      if (settings) rememberRemitaSettings(settings);
      const error = await openWidget({ reference, rrr, amount: answer.amount ?? koboToDecimal(kobo) }, settings, beforeShow);
      return error ? { shown: false, error } : { shown: true };
    },
    [create, openWidget],
  );

  /** 'Proceed' on a pending credit: the widget again, for its stored reference and RRR. */
  const resume = useCallback(
    async (transaction: WalletTransaction) => {
      // Offline the widget cannot take a payment, and nothing is kept to be sent later.
      if (isOffline()) {
        toast.error(t(offlineMessages.payRefusal));
        return;
      }
      if (!transaction.rrr || !transaction.reference) {
        toast.error(specText(MESSAGES.topUp.missingRrr));
        return;
      }
      const error = await openWidget(
        { reference: transaction.reference, rrr: transaction.rrr, amount: transaction.amount },
        // The API sends the widget with a pending credit; this browser's last top-up is the fallback.
        readRemitaSettings(transaction.gateway) ?? rememberedRemitaSettings(),
      );
      if (error) toast.error(specText(error));
    },
    [openWidget],
  );

  return {
    start,
    resume,
    /** True while the top-up is being created. */
    starting: create.isPending,
    /** True while the server's callback is being asked after the widget's success. */
    confirming,
    refresh,
  };
}
