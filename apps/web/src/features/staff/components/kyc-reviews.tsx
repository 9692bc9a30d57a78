import { KYC_STATUSES, type KycStatus } from "@hospipay/contract";
import { lazy, Suspense, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field, inputClasses } from "../../../components/ui/form";
import { t, type MessageDescriptor } from "../../../i18n";
import { useKycReviews } from "../api/get-kyc-reviews";
import { type KycReview } from "../utils/kyc-review";
import { KycStatusBadge } from "./kyc-status-badge";
import { formatWatDateTime } from "../../../lib/wat-time";
import { commonMessages as c, kycReviewsMessages as m } from "../messages";

// The review dialog (and the toasts it shows) loads when a record is first opened, not with the dashboard.
const KycReviewDialog = lazy(async () => ({ default: (await import("./kyc-review-dialog")).KycReviewDialog }));

const STATUS_LABELS: Record<KycStatus, MessageDescriptor> = { PENDING: m.pending, verified: m.verified, REJECTED: m.rejected };

/** The KYC review queue of the admin and super-admin dashboards: filter by status, then review one record. */
export function KycReviews() {
  const [status, setStatus] = useState<KycStatus>("PENDING");
  const [reviewId, setReviewId] = useState<number | null>(null);
  const reviews = useKycReviews(status);
  const selected: KycReview | undefined = reviews.data?.find((review) => review.id === reviewId);

  return (
    <section
      aria-labelledby="kyc-reviews-heading"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="kyc-reviews-heading" className="text-xl font-semibold text-slate-900">
          {t(m.heading)}
        </h2>
        <Field label={t(m.statusLabel)} className="w-full sm:w-48">
          {(control) => (
            <select
              {...control}
              value={status}
              onChange={(event) => setStatus(event.target.value as KycStatus)}
              className={inputClasses}
            >
              {KYC_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(STATUS_LABELS[value])}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="mt-4" aria-busy={reviews.isFetching || undefined}>
        {reviews.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            {t(m.loading)}
          </p>
        ) : reviews.isError ? (
          <div className="space-y-3">
            <Alert tone="error">{t(m.loadFailed)}</Alert>
            <Button variant="secondary" onClick={() => void reviews.refetch()}>
              {t(c.tryAgain)}
            </Button>
          </div>
        ) : reviews.data.length === 0 ? (
          <p className="text-sm text-slate-600">{t(m.empty)}</p>
        ) : (
          <ul aria-label={t(m.listLabel)} className="divide-y divide-slate-200">
            {reviews.data.map((review) => {
              const name = `${review.customer.first_name} ${review.customer.last_name}`.trim() || t(c.unknown);
              return (
                <li key={review.id} aria-label={name} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-medium wrap-anywhere text-slate-900">{name}</p>
                    <p className="text-sm wrap-anywhere text-slate-600">{review.customer.email}</p>
                    <p className="text-xs text-slate-500">{t(m.submittedAt, { date: formatWatDateTime(review.submitted_at) })}</p>
                  </div>
                  <div className="flex items-center gap-3">
                    <KycStatusBadge status={review.status} />
                    <Button variant="secondary" onClick={() => setReviewId(review.id)}>
                      {t(m.review)}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <Suspense fallback={null}>{selected && <KycReviewDialog review={selected} onClose={() => setReviewId(null)} />}</Suspense>
    </section>
  );
}
