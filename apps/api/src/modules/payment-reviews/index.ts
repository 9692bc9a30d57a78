import type { BaseContext } from "../../lib/module-context";
import { PaymentReviewsRepository } from "./payment-reviews.repository";
import { paymentReviewsRoutes } from "./payment-reviews.routes";
import { PaymentReviewsService, type PaymentReviewsDeps } from "./payment-reviews.service";

export { PaymentReviewsRepository } from "./payment-reviews.repository";

/** The payments held in review, which settlement files before the reviews service exists. */
export function create(ctx: BaseContext) {
  return { reviews: new PaymentReviewsRepository(ctx.db) };
}

/** Staff settle or refund the payments held in review. */
export async function register(ctx: BaseContext, deps: Omit<PaymentReviewsDeps, "db">) {
  const paymentReviews = new PaymentReviewsService({ ...deps, db: ctx.db });
  await ctx.app.register(paymentReviewsRoutes, { reviews: paymentReviews });
  return { paymentReviews };
}
