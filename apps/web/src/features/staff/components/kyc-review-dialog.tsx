import { useState } from "react";
import { toast } from "../../../lib/toast";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Field, inputClasses } from "../../../components/ui/form";
import { errorDetail } from "../../../lib/api-client";
import { useChangeKycTier } from "../api/change-kyc-tier";
import { useDecideKyc } from "../api/decide-kyc";
import { openKycDocument } from "../api/open-kyc-document";
import { type KycReview } from "../utils/kyc-review";
import { KycStatusBadge } from "./kyc-status-badge";
import { formatWatDateTime } from "../../../lib/wat-time";

const SLOT_LABELS: Record<string, string> = {
  utility_bill: "utility bill",
  cac_certificate: "CAC certificate",
  board_letter: "board letter",
};

const TIERS = [1, 2, 3] as const;

/** What a decided record's reviewer reads instead of the decision controls. */
function decidedText(review: KycReview): string {
  if (review.status === "verified") {
    return `Verified${review.tier_level === null ? "" : ` at tier ${review.tier_level}`}. A verified submission cannot be decided again.`;
  }
  if (review.status === "REJECTED") return "Rejected. It comes back to this queue if the customer corrects and resubmits it.";
  return `Decided (${review.status || "unknown"}). Only a pending submission can be verified or rejected.`;
}

/**
 * One KYC record for a reviewer: every detail, its documents and history, and, while it is pending, the
 * Verify / Reject decision. A decided record shows its decision only: the API refuses a second one.
 */
export function KycReviewDialog({ review, onClose }: { review: KycReview; onClose: () => void }) {
  const pending = review.status === "PENDING";
  const [tier, setTier] = useState<1 | 2 | 3>(() => (review.tier_level === 2 || review.tier_level === 3 ? review.tier_level : 1));
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const decide = useDecideKyc();
  const name = `${review.customer.first_name} ${review.customer.last_name}`.trim() || "Unknown";

  const onDecided = (text: string) => {
    toast.success(text);
    onClose();
  };
  const onFailed = (failure: unknown) => setError(errorDetail(failure, "Failed to save the decision. Please try again."));

  const verify = () => {
    setError(null);
    decide.mutate(
      { id: review.id, decision: "verified", tier_level: tier },
      { onSuccess: () => onDecided(`KYC of ${name} verified (tier ${tier}).`), onError: onFailed },
    );
  };
  const reject = () => {
    if (reason.trim() === "") return setError("Please give a reason for the rejection.");
    setError(null);
    decide.mutate(
      { id: review.id, decision: "rejected", reason: reason.trim() },
      { onSuccess: () => onDecided(`KYC of ${name} rejected.`), onError: onFailed },
    );
  };
  const openDocument = (url: string) => {
    openKycDocument(url).catch((failure: unknown) => toast.error(errorDetail(failure, "Failed to open the document.")));
  };

  const details: Array<[string, string]> = [
    ["E-mail", review.customer.email],
    ["Submitted", formatWatDateTime(review.submitted_at)],
    ["Account type", review.account_type === "CORPORATE" ? "Corporate" : "Personal"],
    [review.account_type === "CORPORATE" ? "Date of Establishment" : "Date of Birth", review.dob],
    [review.account_type === "CORPORATE" ? "Office Address" : "Address", review.address],
    ["Next of kin name", review.next_of_kin_name],
    ["Next of kin phone", review.next_of_kin_phone],
    ["Next of kin address", review.next_of_kin_address],
    ["ID type", review.id_type],
    ["ID number", review.id_number],
    ["Tier level", review.tier_level === null ? "N/A" : String(review.tier_level)],
  ];

  return (
    <Dialog
      open
      onClose={onClose}
      title={`KYC review: ${name}`}
      size="lg"
      footer={
        <div className="flex flex-wrap justify-end gap-3">
          {pending ? (
            <>
              <Button variant="secondary" onClick={reject} disabled={decide.isPending}>
                Reject
              </Button>
              <Button onClick={verify} busy={decide.isPending}>
                Verify
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          )}
        </div>
      }
    >
      <div className="space-y-6 text-sm">
        <div className="flex items-center gap-2">
          <span className="text-slate-600">Status</span>
          <KycStatusBadge status={review.status} />
        </div>
        {review.rejection_reason && (
          <p className="text-red-800">
            <span className="font-semibold">Rejection reason:</span> {review.rejection_reason}
          </p>
        )}
        <dl className="grid gap-3 sm:grid-cols-2">
          {details.map(([label, value]) => (
            <div key={label}>
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium break-words text-slate-900">{value || "—"}</dd>
            </div>
          ))}
        </dl>
        <div>
          <h3 className="font-semibold text-slate-900">Documents</h3>
          {review.documents.length === 0 ? (
            <p className="mt-1 text-slate-600">No documents uploaded.</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2">
              {review.documents.map((doc) => (
                <li key={doc.id}>
                  <Button variant="ghost" onClick={() => openDocument(doc.url)} title={doc.original_name}>
                    View {SLOT_LABELS[doc.slot] ?? doc.slot.replace(/_/g, " ")}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {!pending && <p className="rounded-lg bg-slate-50 px-3 py-2 font-medium text-slate-900">{decidedText(review)}</p>}
        {review.status === "verified" && <ChangeTier review={review} name={name} onChanged={onDecided} />}
        {pending && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Tier level">
              {(control) => (
                <select
                  {...control}
                  value={tier}
                  onChange={(event) => setTier(Number(event.target.value) as 1 | 2 | 3)}
                  className={inputClasses}
                >
                  {TIERS.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Reason" hint="Required to reject." className="sm:col-span-2">
              {(control) => (
                <textarea
                  {...control}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  rows={3}
                  className={inputClasses}
                />
              )}
            </Field>
          </div>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        <div>
          <h3 className="font-semibold text-slate-900">Decision history</h3>
          {review.decisions.length === 0 ? (
            <p className="mt-1 text-slate-600">No decisions yet.</p>
          ) : (
            <ol aria-label="Decision history" className="mt-2 space-y-2">
              {review.decisions.map((decision, index) => (
                <li key={`${decision.decided_at}-${index}`} className="rounded-lg bg-slate-50 px-3 py-2">
                  <p className="font-medium text-slate-900">
                    {decision.decision === "verified"
                      ? "Verified"
                      : decision.decision === "rejected"
                        ? "Rejected"
                        : decision.decision}
                    {decision.tier_level !== null && ` (tier ${decision.tier_level})`}
                  </p>
                  <p className="text-slate-600">
                    by {decision.decided_by || "unknown"} on {formatWatDateTime(decision.decided_at)}
                  </p>
                  {decision.reason && <p className="text-slate-700">Reason: {decision.reason}</p>}
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </Dialog>
  );
}

/**
 * A verified customer's tier changed by an admin (KYC tiers, issue 22): transfers into their account held
 * over their old tier's limit that the new tier allows are released with it.
 */
function ChangeTier({ review, name, onChanged }: { review: KycReview; name: string; onChanged: (text: string) => void }) {
  const current = review.tier_level === 2 || review.tier_level === 3 ? review.tier_level : 1;
  const [tier, setTier] = useState<1 | 2 | 3>(current);
  const [error, setError] = useState<string | null>(null);
  const change = useChangeKycTier();
  const submit = () => {
    setError(null);
    change.mutate(
      { id: review.id, tier_level: tier },
      {
        onSuccess: () => onChanged(`KYC tier of ${name} changed to ${tier}.`),
        onError: (failure) => setError(errorDetail(failure, "Failed to change the tier. Please try again.")),
      },
    );
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Field label="Change tier to" hint="Held transfers the new tier allows are released to the wallet.">
        {(control) => (
          <select
            {...control}
            value={tier}
            onChange={(event) => setTier(Number(event.target.value) as 1 | 2 | 3)}
            className={inputClasses}
          >
            {TIERS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Button variant="secondary" onClick={submit} busy={change.isPending} disabled={tier === current}>
        Change tier
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
