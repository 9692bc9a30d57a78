export { PaymentReviewsRepository } from "./payment-reviews.repository";
export { paymentReviewsRoutes } from "./payment-reviews.routes";
export { PaymentReviewsService } from "./payment-reviews.service";
