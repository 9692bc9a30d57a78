import { MESSAGES } from "@hospipay/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { isApproved, verifyGatewayPayment } from "../../../lib/gateway-callback";
import { showPaystackPopup } from "../../../lib/paystack/paystack-popup";
import { showRemitaWidget } from "../../../lib/remita/remita-widget";
import { verifyRemitaPayment } from "../../../lib/remita/verify-remita-payment";
import { failureText } from "../api/bills-error";
import { publicBillQueryKey } from "../api/get-public-bill";
import { usePayBill, type BillPartPayment, type PayBillBody } from "../api/pay-bill";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { payBillMessages as m } from "../messages";

/** Shown when the payer closes the gateway's window without paying: not a failure, the part stays open. */
export const PART_NOT_COMPLETED = m.notCompleted;
/** Shown when Paystack's popup cannot be opened (its script did not load). */
export const PAYSTACK_INIT_FAILED = m.paystackInitFailed;

/** "Payment Failed", SPEC's title of a failed payment, in the current language. */
const paymentFailed = () => specText(MESSAGES.checkout.paymentFailedTitle);

/** The receipt of a part: /payment-success reads the payment by its reference (a reload keeps it). */
function receiptPath(reference: string): string {
  return `/payment-success?reference=${encodeURIComponent(reference)}`;
}

function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}

/**
 * Paying a part of a bill, as guest checkout pays a cart: the server answers as checkout does, so a
 * completed part (the wallet) goes to its receipt, Monnify and bank transfers to /bank-details, Remita
 * opens its widget and Paystack its popup (a signed-in customer's); a gateway's success counts only when
 * the server's callback, having asked the gateway itself, says the payment is approved.
 */
export function usePayPart(token: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pay = usePayBill();
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  // Callbacks of an abandoned widget cannot change a newer attempt.
  const attempt = useRef(0);

  const refreshBill = useCallback(
    () => queryClient.invalidateQueries({ queryKey: publicBillQueryKey(token) }),
    [queryClient, token],
  );

  /** After a gateway said paid: the server asks the gateway; approved goes to the receipt. */
  const confirm = useCallback(
    (verify: Promise<{ transaction_status?: string }>, reference: string, id: number) => {
      setConfirming(true);
      verify
        .then((answer) => {
          if (id !== attempt.current) return;
          if (isApproved(answer)) void navigate(receiptPath(reference));
          else setFailure(paymentFailed());
        })
        .catch(() => {
          if (id === attempt.current) setFailure(paymentFailed());
        })
        .finally(() => {
          if (id === attempt.current) setConfirming(false);
          void refreshBill();
        });
    },
    [navigate, refreshBill],
  );

  const startRemita = useCallback(
    async (payment: BillPartPayment, body: PayBillBody, id: number) => {
      const gateway = payment.gateway?.key === "remita" ? payment.gateway : undefined;
      if (!gateway?.script_url || !gateway.public_key || !gateway.transaction_id) {
        setFailure(specText(MESSAGES.checkout.remitaInitFailed));
        return;
      }
      let settled = false;
      const { firstName, lastName } = splitName(body.payer_name);
      try {
        await showRemitaWidget(gateway.script_url, {
          key: gateway.public_key,
          processRrr: true,
          transactionId: gateway.transaction_id,
          extendedData: { customFields: [{ name: "rrr", value: gateway.rrr ?? "" }] },
          amount: Number(gateway.amount ?? payment.amount),
          customerId: body.payer_email,
          firstName,
          lastName,
          email: body.payer_email,
          narration: "Hospital bill payment",
          onSuccess: () => {
            if (settled || id !== attempt.current) return;
            settled = true;
            confirm(
              verifyRemitaPayment({
                transactionId: payment.reference,
                rrr: gateway.rrr ?? payment.rrr ?? "",
                amount: gateway.amount,
              }),
              payment.reference,
              id,
            );
          },
          onError: () => {
            if (settled || id !== attempt.current) return;
            settled = true;
            setFailure(paymentFailed());
          },
          onClose: () => {
            if (settled || id !== attempt.current) return;
            settled = true;
            setNotice(t(PART_NOT_COMPLETED));
            void refreshBill();
          },
        });
      } catch {
        if (id !== attempt.current) return;
        setFailure(specText(MESSAGES.checkout.remitaInitFailed));
      }
    },
    [confirm, refreshBill],
  );

  const startPaystack = useCallback(
    async (payment: BillPartPayment, id: number) => {
      // Paystack's block may come without an access code: the popup cannot open, which the payer is told.
      const gateway = payment.gateway?.key === "paystack" ? payment.gateway : undefined;
      if (!gateway?.script_url || !gateway.access_code) {
        setFailure(t(PAYSTACK_INIT_FAILED));
        return;
      }
      let settled = false;
      const once = (handler: () => void) => () => {
        if (settled || id !== attempt.current) return;
        settled = true;
        handler();
      };
      try {
        await showPaystackPopup(gateway.script_url, gateway.access_code, {
          onSuccess: once(() =>
            confirm(verifyGatewayPayment("paystack", { transactionId: payment.reference }), payment.reference, id),
          ),
          onError: once(() => setFailure(paymentFailed())),
          onCancel: once(() => {
            setNotice(t(PART_NOT_COMPLETED));
            void refreshBill();
          }),
        });
      } catch {
        if (id !== attempt.current) return;
        setFailure(t(PAYSTACK_INIT_FAILED));
      }
    },
    [confirm, refreshBill],
  );

  const submit = useCallback(
    async (body: PayBillBody, signedIn: boolean) => {
      const id = ++attempt.current;
      setFailure(null);
      setNotice(null);
      setFieldErrors({});
      let payment: BillPartPayment;
      try {
        payment = await pay.mutateAsync({ token, body, signedIn });
      } catch (error) {
        if (id !== attempt.current) return;
        if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
          setFieldErrors(
            Object.fromEntries(Object.entries(error.fieldErrors).map(([key, messages]) => [key, specText(messages[0] ?? "")])),
          );
        } else {
          setFailure(failureText(error, t(m.startFailed)));
        }
        // A 409 says the bill changed (paid or cancelled meanwhile): show what it is now.
        if (error instanceof ApiError && error.status === 409) void refreshBill();
        return;
      }
      if (id !== attempt.current) return;
      if (payment.status !== "pending") {
        void refreshBill();
        void navigate(receiptPath(payment.reference));
        return;
      }
      const key = payment.gateway?.key ?? payment.payment_method ?? body.payment_method;
      if (key === "monnify" || key === "bank_transfer") {
        void navigate(`/bank-details/${key}/${encodeURIComponent(payment.reference)}`);
        return;
      }
      if (key === "remita") {
        await startRemita(payment, body, id);
        return;
      }
      if (key === "paystack") {
        await startPaystack(payment, id);
        return;
      }
      setFailure(paymentFailed());
    },
    [navigate, pay, refreshBill, startPaystack, startRemita, token],
  );

  return { submit, failure, notice, fieldErrors, busy: pay.isPending || confirming };
}
