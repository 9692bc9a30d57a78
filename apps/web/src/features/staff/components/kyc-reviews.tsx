import { KYC_STATUSES, type KycStatus } from "@hospipay/contract";
import { lazy, Suspense, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field, inputClasses } from "../../../components/ui/form";
import { useKycReviews } from "../api/get-kyc-reviews";
import { type KycReview } from "../utils/kyc-review";
import { KycStatusBadge } from "./kyc-status-badge";
import { formatWatDateTime } from "../../../lib/wat-time";

// The review dialog (and the toasts it shows) loads when a record is first opened, not with the dashboard.
const KycReviewDialog = lazy(async () => ({ default: (await import("./kyc-review-dialog")).KycReviewDialog }));

const STATUS_LABELS: Record<KycStatus, string> = { PENDING: "Pending", verified: "Verified", REJECTED: "Rejected" };

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
          KYC reviews
        </h2>
        <Field label="KYC status" className="w-full sm:w-48">
          {(control) => (
            <select
              {...control}
              value={status}
              onChange={(event) => setStatus(event.target.value as KycStatus)}
              className={inputClasses}
            >
              {KYC_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="mt-4" aria-busy={reviews.isFetching || undefined}>
        {reviews.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Loading KYC submissions…
          </p>
        ) : reviews.isError ? (
          <div className="space-y-3">
            <Alert tone="error">Failed to load KYC submissions.</Alert>
            <Button variant="secondary" onClick={() => void reviews.refetch()}>
              Try again
            </Button>
          </div>
        ) : reviews.data.length === 0 ? (
          <p className="text-sm text-slate-600">No KYC submissions to review.</p>
        ) : (
          <ul aria-label="KYC submissions" className="divide-y divide-slate-200">
            {reviews.data.map((review) => {
              const name = `${review.customer.first_name} ${review.customer.last_name}`.trim() || "Unknown";
              return (
                <li key={review.id} aria-label={name} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-medium wrap-anywhere text-slate-900">{name}</p>
                    <p className="text-sm wrap-anywhere text-slate-600">{review.customer.email}</p>
                    <p className="text-xs text-slate-500">Submitted {formatWatDateTime(review.submitted_at)}</p>
                  </div>
                  <div className="flex items-center gap-3">
                    <KycStatusBadge status={review.status} />
                    <Button variant="secondary" onClick={() => setReviewId(review.id)}>
                      Review
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
