// The payments feature's public surface: Stripe.js, the payment step (the Payment Element and the notices
// around it) and the page notices, shared by Premium, SMS Alerts and Boost
// (docs/decisions/008-client-layers.md).
export { PaymentNotice, PaymentProvider, SetupRequired } from "./payment-notices";
export { PaymentStep } from "./payment-step";
export { useStripeJs } from "./use-stripe-js";
