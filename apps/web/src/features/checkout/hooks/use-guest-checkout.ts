import { MESSAGES, type CheckoutResponse } from "@hospipay/contract";
import { useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { cart, type CartItem } from "../../../lib/cart-store";
import { cancelPayment } from "../api/cancel-payment";
import { useCreateCheckout } from "../api/create-checkout";
import { isApproved, verifyRemitaPayment } from "../../../lib/remita/verify-remita-payment";
import { buildCheckoutBody, type GuestCustomer } from "../utils/checkout-body";
import type { PaymentSuccessState } from "../utils/payment-success-state";
import { showRemitaWidget, type RemitaSuccess } from "../../../lib/remita/remita-widget";

/** SPEC §4 guest checkout status: null (not started or back at the form), pending, success, failed. */
export type CheckoutStatus = null | "pending" | "success" | "failed";

/**
 * A neutral message after the payer closed the gateway's window: `notCompleted` (not a failure),
 * `stillOpen` (not completed, and the gateway still offers it: a new press continues it), or
 * `cancelled` (the gateway agreed that the payer cancelled: closed, nothing charged).
 */
export type CheckoutNotice = "notCompleted" | "stillOpen" | "cancelled";

interface Snapshot {
  lines: CartItem[];
  customer: GuestCustomer;
  chargeFee: string;
}

function stateFor(payment: CheckoutResponse, snapshot: Snapshot, status: string, transactionId: string): PaymentSuccessState {
  return {
    paymentData: { ...payment, status },
    customerDetails: snapshot.customer,
    cart: snapshot.lines,
    chargeFee: snapshot.chargeFee,
    transactionReference: payment.reference,
    transactionId,
  };
}

function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}

/**
 * What a failed creation adds to 'Payment Failed': the server's reason (e.g. the gateway could not
 * start), or for invalid input the messages that are not about a customer field (those show under
 * their fields).
 */
function failureText(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status !== 400) return error.detail;
  const general = Object.entries(error.fieldErrors)
    .filter(([field]) => !field.startsWith("customer_meta."))
    .map(([field, messages]) => `${field}: ${messages[0] ?? ""}`);
  return general.length > 0 ? general.join(" ") : undefined;
}

/**
 * Guest checkout (SPEC §4): creates the payment, then follows its status. A creation failure is
 * `failed`; `pending` starts the chosen gateway (Remita's widget, or the bank-details page for
 * Monnify and bank transfers); any other status is a success. Remita's success is believed only after
 * the server's callback says the payment is approved.
 */
export function useGuestCheckout() {
  const navigate = useNavigate();
  const create = useCreateCheckout();
  const [status, setStatus] = useState<CheckoutStatus>(null);
  /** A more specific reason shown with 'Payment Failed' (e.g. Remita could not start). */
  const [failureDetail, setFailureDetail] = useState<string>();
  /** A neutral message (the gateway window was closed). */
  const [notice, setNotice] = useState<CheckoutNotice>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [confirming, setConfirming] = useState(false);
  /** True while the server asks the gateway about a payment whose window the payer closed. */
  const [closing, setClosing] = useState(false);
  /** The answer continued a payment already pending for this cart (same reference and RRR). */
  const [resumed, setResumed] = useState(false);
  // Each payment attempt gets a number, so callbacks of an abandoned widget cannot change a newer attempt.
  const attempt = useRef(0);

  const fail = useCallback((detail?: string) => {
    setStatus("failed");
    setFailureDetail(detail);
  }, []);

  const succeed = useCallback(
    (state: PaymentSuccessState) => {
      setStatus("success");
      cart.clear();
      void navigate("/payment-success", { state });
    },
    [navigate],
  );

  const confirmRemita = useCallback(
    async (payment: CheckoutResponse, snapshot: Snapshot, response: RemitaSuccess, id: number) => {
      const gateway = payment.gateway?.key === "remita" ? payment.gateway : undefined;
      setConfirming(true);
      try {
        const answer = await verifyRemitaPayment({
          transactionId: payment.reference,
          rrr: gateway?.rrr ?? payment.rrr ?? "",
          amount: gateway?.amount ?? payment.amount,
        });
        if (id !== attempt.current) return;
        if (!isApproved(answer)) {
          fail();
          return;
        }
        succeed(
          stateFor(
            payment,
            snapshot,
            answer.transaction_status ?? "SUCCESS",
            response.transactionId ?? gateway?.transaction_id ?? payment.reference,
          ),
        );
      } catch {
        if (id === attempt.current) fail();
      } finally {
        if (id === attempt.current) setConfirming(false);
      }
    },
    [fail, succeed],
  );

  /**
   * The payer closed the gateway's window: the server asks the gateway, which alone decides. Paid
   * settles (the receipt follows), abandoned is closed as cancelled, declined is a failure, and a payment
   * still payable stays open for the next press to continue.
   */
  const closed = useCallback(
    async (payment: CheckoutResponse, snapshot: Snapshot, id: number) => {
      setStatus(null);
      setClosing(true);
      try {
        const answer = await cancelPayment(payment.reference);
        if (id !== attempt.current) return;
        if (answer.status === "completed") {
          succeed(stateFor(payment, snapshot, "SUCCESS", payment.reference));
        } else if (answer.status === "failed" && answer.closed_reason === "cancelled") {
          setNotice("cancelled");
        } else if (answer.status === "failed") {
          fail();
        } else {
          setNotice("stillOpen");
        }
      } catch {
        if (id === attempt.current) setNotice("notCompleted");
      } finally {
        if (id === attempt.current) setClosing(false);
      }
    },
    [fail, succeed],
  );

  const startRemita = useCallback(
    async (payment: CheckoutResponse, snapshot: Snapshot, id: number) => {
      const gateway = payment.gateway?.key === "remita" ? payment.gateway : undefined;
      if (!gateway?.script_url) {
        fail(MESSAGES.checkout.remitaInitFailed);
        return;
      }
      let settled = false;
      const { firstName, lastName } = splitName(snapshot.customer.name);
      try {
        await showRemitaWidget(gateway.script_url, {
          key: gateway.public_key,
          processRrr: true,
          transactionId: gateway.transaction_id,
          extendedData: { customFields: [{ name: "rrr", value: gateway.rrr }] },
          amount: Number(gateway.amount),
          customerId: snapshot.customer.email.trim(),
          firstName,
          lastName,
          email: snapshot.customer.email.trim(),
          narration: "Hospital services payment",
          onSuccess: (response) => {
            if (settled || id !== attempt.current) return;
            settled = true;
            void confirmRemita(payment, snapshot, response ?? {}, id);
          },
          onError: () => {
            if (settled || id !== attempt.current) return;
            settled = true;
            fail();
          },
          onClose: () => {
            if (settled || id !== attempt.current) return;
            settled = true;
            void closed(payment, snapshot, id);
          },
        });
      } catch {
        if (id !== attempt.current) return;
        settled = true;
        fail(MESSAGES.checkout.remitaInitFailed);
      }
    },
    [closed, confirmRemita, fail],
  );

  const pay = useCallback(
    async (lines: readonly CartItem[], customer: GuestCustomer, paymentMethod: string) => {
      const id = ++attempt.current;
      setStatus(null);
      setFailureDetail(undefined);
      setNotice(undefined);
      setResumed(false);
      setFieldErrors({});
      const body = buildCheckoutBody(lines, customer, paymentMethod);
      const snapshot: Snapshot = { lines: [...lines], customer, chargeFee: body.charge_fee as string };
      let payment: CheckoutResponse;
      try {
        payment = await create.mutateAsync(body);
      } catch (error) {
        if (id !== attempt.current) return;
        if (error instanceof ApiError) setFieldErrors(error.fieldErrors);
        fail(failureText(error));
        return;
      }
      if (id !== attempt.current) return;
      setResumed(payment.resumed === true);
      if (payment.status !== "pending") {
        succeed(stateFor(payment, snapshot, payment.status, payment.reference));
        return;
      }
      setStatus("pending");
      const gatewayKey = payment.gateway?.key ?? payment.payment_method ?? paymentMethod;
      if (gatewayKey === "monnify" || gatewayKey === "bank_transfer") {
        void navigate(`/bank-details/${gatewayKey}/${encodeURIComponent(payment.reference)}`, {
          state: stateFor(payment, snapshot, payment.status, payment.reference),
        });
        return;
      }
      if (gatewayKey === "remita") {
        await startRemita(payment, snapshot, id);
        return;
      }
      // A gateway guests are not offered (the server should never start one): nothing can complete it here.
      fail();
    },
    [create, fail, navigate, startRemita, succeed],
  );

  return {
    pay,
    status,
    failureDetail,
    notice,
    fieldErrors,
    /** True from "Pay" until the payer is in the gateway's hands or the attempt has ended. */
    creating: create.isPending,
    confirming,
    closing,
    resumed,
  };
}
