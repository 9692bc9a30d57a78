import { useState } from "react";
import { toast } from "../../../lib/toast";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Field, inputClasses } from "../../../components/ui/form";
import { t, type MessageDescriptor } from "../../../i18n";
import { errorDetail } from "../../../lib/api-client";
import { specText } from "../../../lib/messages";
import { useChangeKycTier } from "../api/change-kyc-tier";
import { useDecideKyc } from "../api/decide-kyc";
import { openKycDocument } from "../api/open-kyc-document";
import { type KycReview } from "../utils/kyc-review";
import { KycStatusBadge } from "./kyc-status-badge";
import { commonMessages as c, decisionMessages, kycReviewDialogMessages as m, kycReviewsMessages } from "../messages";
import { formatWatDateTime } from "../../../lib/wat-time";

/** "View …" for each document slot the app knows. */
const VIEW_SLOT: Record<string, MessageDescriptor> = {
  utility_bill: m.utilityBill,
  cac_certificate: m.cacCertificate,
  board_letter: m.boardLetter,
};

/** The button that opens a document: its slot named, or spelled out when the app does not know it. */
function viewDocumentText(slot: string): string {
  const known = Object.hasOwn(VIEW_SLOT, slot) ? VIEW_SLOT[slot] : undefined;
  return known ? t(known) : t(m.viewDocument, { document: slot.replace(/_/g, " ") });
}

/** A decision of the history as people read it; one the app does not know as it came. */
function decisionText(decision: string): string {
  if (decision === "verified") return t(kycReviewsMessages.verified);
  if (decision === "rejected") return t(kycReviewsMessages.rejected);
  return decision;
}

const TIERS = [1, 2, 3] as const;

/** What a decided record's reviewer reads instead of the decision controls. */
function decidedText(review: KycReview): string {
  if (review.status === "verified") {
    return review.tier_level === null ? t(m.verifiedDone) : t(m.verifiedAtTier, { tier: review.tier_level });
  }
  if (review.status === "REJECTED") return t(m.rejectedDone);
  return t(m.decidedOther, { status: review.status || t(c.unknownLower) });
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
  const name = `${review.customer.first_name} ${review.customer.last_name}`.trim() || t(c.unknown);

  const onDecided = (text: string) => {
    toast.success(text);
    onClose();
  };
  const onFailed = (failure: unknown) => setError(specText(errorDetail(failure, t(m.saveFailed))));

  const verify = () => {
    setError(null);
    decide.mutate(
      { id: review.id, decision: "verified", tier_level: tier },
      { onSuccess: () => onDecided(t(m.verifiedToast, { name, tier })), onError: onFailed },
    );
  };
  const reject = () => {
    if (reason.trim() === "") return setError(t(decisionMessages.reasonRequired));
    setError(null);
    decide.mutate(
      { id: review.id, decision: "rejected", reason: reason.trim() },
      { onSuccess: () => onDecided(t(m.rejectedToast, { name })), onError: onFailed },
    );
  };
  const openDocument = (url: string) => {
    openKycDocument(url).catch((failure: unknown) => toast.error(specText(errorDetail(failure, t(m.openFailed)))));
  };

  const corporate = review.account_type === "CORPORATE";
  const details: Array<[string, string]> = [
    [t(m.email), review.customer.email],
    [t(m.submitted), formatWatDateTime(review.submitted_at)],
    [t(m.accountType), t(corporate ? m.corporate : m.personal)],
    [t(corporate ? m.dateOfEstablishment : m.dateOfBirth), review.dob],
    [t(corporate ? m.officeAddress : m.address), review.address],
    [t(m.kinName), review.next_of_kin_name],
    [t(m.kinPhone), review.next_of_kin_phone],
    [t(m.kinAddress), review.next_of_kin_address],
    [t(m.idType), review.id_type],
    [t(m.idNumber), review.id_number],
    [t(m.tierLevel), review.tier_level === null ? t(m.notApplicable) : String(review.tier_level)],
  ];
  const account = review.reserved_account;
  if (account) details.push([t(m.accountNumber), t(m.accountStanding, { standing: account.reason ?? account.status })]);

  return (
    <Dialog
      open
      onClose={onClose}
      title={t(m.title, { name })}
      size="lg"
      footer={
        <div className="flex flex-wrap justify-end gap-3">
          {pending ? (
            <>
              <Button variant="secondary" onClick={reject} disabled={decide.isPending}>
                {t(c.reject)}
              </Button>
              <Button onClick={verify} busy={decide.isPending}>
                {t(m.verify)}
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={onClose}>
              {t(m.close)}
            </Button>
          )}
        </div>
      }
    >
      <div className="space-y-6 text-sm">
        <div className="flex items-center gap-2">
          <span className="text-slate-600">{t(c.status)}</span>
          <KycStatusBadge status={review.status} />
        </div>
        {review.rejection_reason && (
          <p className="text-red-800">
            {t(m.rejectionReason, {
              reason: review.rejection_reason,
              b: (chunks) => <span className="font-semibold">{chunks}</span>,
            })}
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
          <h3 className="font-semibold text-slate-900">{t(m.documents)}</h3>
          {review.documents.length === 0 ? (
            <p className="mt-1 text-slate-600">{t(m.noDocuments)}</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2">
              {review.documents.map((doc) => (
                <li key={doc.id}>
                  <Button variant="ghost" onClick={() => openDocument(doc.url)} title={doc.original_name}>
                    {viewDocumentText(doc.slot)}
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
            <Field label={t(m.tierLevel)}>
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
            <Field label={t(c.reason)} hint={t(m.requiredToReject)} className="sm:col-span-2">
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
          <h3 className="font-semibold text-slate-900">{t(m.history)}</h3>
          {review.decisions.length === 0 ? (
            <p className="mt-1 text-slate-600">{t(m.noDecisions)}</p>
          ) : (
            <ol aria-label={t(m.history)} className="mt-2 space-y-2">
              {review.decisions.map((decision, index) => (
                <li key={`${decision.decided_at}-${index}`} className="rounded-lg bg-slate-50 px-3 py-2">
                  <p className="font-medium text-slate-900">
                    {decision.tier_level === null
                      ? decisionText(decision.decision)
                      : t(m.decisionAtTier, { decision: decisionText(decision.decision), tier: decision.tier_level })}
                  </p>
                  <p className="text-slate-600">
                    {t(m.decidedBy, {
                      who: decision.decided_by || t(c.unknownLower),
                      date: formatWatDateTime(decision.decided_at),
                    })}
                  </p>
                  {decision.reason && <p className="text-slate-700">{t(m.decisionReason, { reason: decision.reason })}</p>}
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
        onSuccess: () => onChanged(t(m.tierChanged, { name, tier })),
        onError: (failure) => setError(specText(errorDetail(failure, t(m.changeFailed)))),
      },
    );
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Field label={t(m.changeTierTo)} hint={t(m.changeTierHint)}>
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
        {t(m.changeTier)}
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
