// The deal-intents feature's public surface (docs/decisions/008-client-layers.md). The publisher
// dashboard mounts PublisherDealIntentsTab in its Deal Intents tab; the buyer dashboard mounts
// BuyerDealIntentsTab; the listing detail page shows RequestDeal.
export { BuyerDealIntentsTab } from "./buyer-deal-intents-tab";
export { DealIntentStatusBadge, dealIntentName } from "./deal-intent-parts";
export { PublisherDealIntentsTab } from "./publisher-deal-intents-tab";
export { RequestDeal } from "./request-deal";
export { DEAL_INTENTS_KEY, useDealIntents } from "./use-deal-intents";
