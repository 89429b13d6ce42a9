// The payments feature's public surface: Stripe.js, the Payment Element form and the notices around it,
// shared by Premium, SMS Alerts and Boost (docs/decisions/008-client-layers.md).
export { PaymentForm } from "./payment-form";
export {
  PaymentFormSkeleton,
  PaymentNotice,
  PaymentStartFailed,
  PaymentUnavailable,
  SetupRequired,
} from "./payment-notices";
export { PaymentStep } from "./payment-step";
export { useStripeJs } from "./use-stripe-js";
