import { MESSAGES, type WalletCheckoutInput, type WalletPaymentResponse } from "@hospipay/contract";
import { useCallback, useRef, useState } from "react";
import { ApiError, errorDetail } from "../../../lib/api-client";
import { cart } from "../../../lib/cart-store";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { t } from "../../../i18n";
import { useCreateWalletPayment } from "../api/create-wallet-payment";
import { paymentMessages as m } from "../messages";

/** SPEC §4 wallet payment statuses. */
export type WalletPaymentStatus = "completed" | "pending" | "failed";

/** What the status dialog shows. */
export interface WalletPaymentOutcome {
  status: WalletPaymentStatus;
  /** The server's answer, when there was one. */
  payment?: WalletPaymentResponse;
  /**
   * The server's message, the error's message, SPEC §8's 'Payment failed', or (when no answer says whether
   * the wallet was charged) that the payment could not be confirmed.
   */
  message: string;
  /** True when the payment ended in an error (the receipt then says so). */
  error: boolean;
  /** The server's stable code, e.g. "insufficient_funds". */
  code?: string;
  /** Messages per field of a refused body ("customer_meta.email": [...]). */
  fieldErrors: Record<string, string[]>;
  /** The person the payment was for, as sent (the patient, when paying for someone else). */
  paidFor?: WalletCheckoutInput["customer_meta"];
  /** When the server answered (ISO): the receipt's date. */
  answeredAt?: string;
}

/** One series of attempts at the same payment: retries send the same body under the same key. */
interface Attempt {
  key: string;
  fingerprint: string;
  input: WalletCheckoutInput;
}

function statusOf(value: string | undefined): WalletPaymentStatus {
  const status = value?.toLowerCase();
  return status === "completed" || status === "pending" ? status : "failed";
}

/**
 * An answer that does not tell whether the wallet was charged: no connection, a server error, or
 * the first request with this key still running (409). Only retrying with the same key can tell.
 */
function isUnconfirmed(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 409 || error.status >= 500);
}

/**
 * Wallet payment (SPEC §4): sends the wallet create-payment body with an Idempotency-Key. The key
 * belongs to one series of attempts at the same body: 'Retry Payment' resends it unchanged, and any
 * change to the cart or the details starts a new series with a new key. 'completed' clears the cart.
 */
export function useWalletPayment() {
  const create = useCreateWalletPayment();
  const attempt = useRef<Attempt | null>(null);
  const [outcome, setOutcome] = useState<WalletPaymentOutcome | null>(null);
  // Kept after the status dialog closes, so that the form can show them under their fields.
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  const send = useCallback(
    async (current: Attempt) => {
      setFieldErrors({});
      try {
        const payment = await create.mutateAsync({ input: current.input, idempotencyKey: current.key });
        if (!payment || typeof payment.reference !== "string") {
          // A success without a readable answer: the charge may have happened, so only a retry can tell.
          setOutcome({ status: "pending", message: t(m.unconfirmed), error: false, fieldErrors: {} });
          return;
        }
        const status = statusOf(payment.status);
        if (status === "completed") {
          cart.clear();
          attempt.current = null;
        }
        setOutcome({
          status,
          payment,
          message: payment.message || (status === "failed" ? MESSAGES.wallet.paymentFailed : ""),
          error: status === "failed",
          fieldErrors: {},
          paidFor: current.input.customer_meta,
          answeredAt: new Date().toISOString(),
        });
      } catch (error) {
        if (isUnconfirmed(error)) {
          setOutcome({ status: "pending", message: t(m.unconfirmed), error: true, fieldErrors: {} });
          return;
        }
        if (error instanceof ApiError) setFieldErrors(error.fieldErrors);
        // The server tied this key to another body, so this body was never charged under it: the
        // next try gets a key of its own.
        if (error instanceof ApiError && error.code === "idempotency_key_reused" && attempt.current === current) {
          attempt.current = { ...current, key: newIdempotencyKey() };
        }
        setOutcome({
          status: "failed",
          message: errorDetail(error, MESSAGES.wallet.paymentFailed),
          error: true,
          code: error instanceof ApiError ? error.code : undefined,
          fieldErrors: error instanceof ApiError ? error.fieldErrors : {},
        });
      }
    },
    [create],
  );

  /** Pays: the same body as the last unfinished attempt keeps its key, any other body gets a new one. */
  const pay = useCallback(
    async (input: WalletCheckoutInput) => {
      const fingerprint = JSON.stringify(input);
      if (attempt.current?.fingerprint !== fingerprint) attempt.current = { key: newIdempotencyKey(), fingerprint, input };
      await send(attempt.current);
    },
    [send],
  );

  /** 'Retry Payment': the last attempt again, same body, same key. */
  const retry = useCallback(async () => {
    if (attempt.current) await send(attempt.current);
  }, [send]);

  return {
    pay,
    retry,
    outcome,
    /** The last refused request's messages per field ("customer_meta.email": [...]). */
    fieldErrors,
    /** Closes the status dialog. */
    dismiss: useCallback(() => setOutcome(null), []),
    sending: create.isPending,
  };
}
