// The subscription feature's public surface: what other features may import (docs/decisions/008-client-layers.md).
// The SMS Alerts add-on is a subscription too: it re-reads subscriptions after paying and opens the same
// billing portal.
export { ManageBillingButton } from "./manage-billing-button";
export { SimulatedBillingPortal } from "./simulated-billing-portal";
export { useRefreshSubscription } from "./use-subscription";
