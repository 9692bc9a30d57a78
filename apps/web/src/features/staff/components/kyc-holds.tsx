import { type StaffKycHold } from "@hospipay/contract";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Breakable } from "../../../components/ui/breakable";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { Dialog } from "../../../components/ui/dialog";
import { Field, Form, inputClasses } from "../../../components/ui/form";
import { errorDetail } from "../../../lib/api-client";
import { formatNairaAmount } from "../../../lib/money";
import { toast } from "../../../lib/toast";
import { useKycHolds } from "../api/get-kyc-holds";
import { useRefundKycHold } from "../api/refund-kyc-hold";
import { useReleaseKycHold } from "../api/release-kyc-hold";
import { failureMessage } from "../utils/form-errors";
import { formatWatDateTime } from "../../../lib/wat-time";

const COLUMNS = ["Customer", "Sender", "Amount", "Held because", "Tier now", "Received", "Actions"];

const capText = (hold: StaffKycHold) =>
  `Over the tier ${hold.tier_level} ${hold.cap === "balance" ? "balance" : "single-credit"} cap of ${formatNairaAmount(hold.cap_amount)}`;

/**
 * Transfers into customers' reserved accounts held because they would break the customer's KYC tier cap
 * (issue 22): admins release one to the wallet once the tier allows it, or refund it to its sender.
 */
export function KycHolds() {
  const holds = useKycHolds();
  const release = useReleaseKycHold();
  const [refunding, setRefunding] = useState<StaffKycHold | null>(null);

  const releaseHold = (hold: StaffKycHold) =>
    release.mutate(hold.id, {
      onSuccess: () => toast.success(`${formatNairaAmount(hold.amount)} released to ${hold.customer.email}'s wallet.`),
      onError: (failure) => toast.error(errorDetail(failure, "Failed to release the transfer. Please try again.")),
    });

  return (
    <section
      aria-labelledby="kyc-holds-heading"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="kyc-holds-heading" className="text-xl font-semibold text-slate-900">
          Transfers held over a KYC tier limit
        </h2>
        {holds.data && holds.data.length > 0 && <p className="text-sm text-slate-600">{holds.data.length} held</p>}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        These bank transfers reached customers' account numbers but would break their tier's limit. Raising the customer's tier
        (in KYC review) releases them; release one here once the tier allows it, or refund it to the sender.
      </p>
      <div className="mt-4" aria-busy={holds.isFetching || undefined}>
        {holds.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Loading held transfers…
          </p>
        ) : holds.isError ? (
          <div className="space-y-3">
            <p className="text-sm font-medium text-red-700">
              Error: {failureMessage(holds.error, "Failed to load held transfers.")}
            </p>
            <Button variant="secondary" busy={holds.isFetching} onClick={() => void holds.refetch()}>
              Try again
            </Button>
          </div>
        ) : holds.data.length === 0 ? (
          <p className="text-sm text-slate-600">No transfers are held.</p>
        ) : (
          <DataTable label="Held transfers table" caption="Transfers held over a KYC tier limit" columns={COLUMNS}>
            {holds.data.map((hold) => (
              <tr key={hold.id}>
                <td className={cn(cellClasses, "min-w-36", breakAnywhere)}>
                  <span className="block">{`${hold.customer.first_name} ${hold.customer.last_name}`.trim() || "Unknown"}</span>
                  <span className="block text-slate-600">
                    <Breakable text={hold.customer.email} />
                  </span>
                </td>
                <td className={cn(cellClasses, breakAnywhere)}>{hold.sender_name ?? "Unknown"}</td>
                <td className={cn(cellClasses, "whitespace-nowrap")}>{formatNairaAmount(hold.amount)}</td>
                <td className={cn(cellClasses, "min-w-40")}>{capText(hold)}</td>
                <td className={cellClasses}>{hold.current_tier}</td>
                <td className={cn(cellClasses, "whitespace-nowrap")}>{formatWatDateTime(hold.created_at)}</td>
                <td className={cellClasses}>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      className="whitespace-nowrap"
                      aria-label={`Release ${formatNairaAmount(hold.amount)} held for ${hold.customer.email}`}
                      busy={release.isPending && release.variables === hold.id}
                      onClick={() => releaseHold(hold)}
                    >
                      Release
                    </Button>
                    <Button
                      variant="secondary"
                      className="whitespace-nowrap"
                      aria-label={`Refund ${formatNairaAmount(hold.amount)} held for ${hold.customer.email}`}
                      onClick={() => setRefunding(hold)}
                    >
                      Refund
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </div>
      {refunding && <RefundHoldDialog hold={refunding} onClose={() => setRefunding(null)} />}
    </section>
  );
}

/** Refunds a held transfer to its sender, with a reason kept in the audit log. */
function RefundHoldDialog({ hold, onClose }: { hold: StaffKycHold; onClose: () => void }) {
  const formId = useId();
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const refund = useRefundKycHold();

  const submit = () => {
    setError(null);
    if (reason.trim() === "") return setFieldError("Give a reason for the refund.");
    setFieldError(undefined);
    refund.mutate(
      { id: hold.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(`${formatNairaAmount(hold.amount)} refunded to ${hold.sender_name ?? "its sender"}.`);
          onClose();
        },
        onError: (failure) => setError(errorDetail(failure, "Failed to refund the transfer. Please try again.")),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Refund held transfer"
      footer={
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={refund.isPending}>
            Refund {formatNairaAmount(hold.amount)}
          </Button>
        </div>
      }
    >
      <Form id={formId} onSubmit={submit} aria-label="Refund held transfer" className="space-y-4">
        <p className="text-sm text-slate-700">
          {formatNairaAmount(hold.amount)} from {hold.sender_name ?? "an unknown sender"} to {hold.customer.email}'s account
          number goes back to the sender. A refund cannot be undone.
        </p>
        <fieldset disabled={refund.isPending}>
          <Field label="Reason" error={fieldError} hint="Up to 500 characters. It is kept in the audit log.">
            {(control) => (
              <textarea
                {...control}
                aria-required="true"
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                className={inputClasses}
              />
            )}
          </Field>
        </fieldset>
        {error && <Alert tone="error">{error}</Alert>}
      </Form>
    </Dialog>
  );
}
