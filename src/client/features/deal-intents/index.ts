// The deal-intents feature's public surface (docs/decisions/008-client-layers.md). The publisher
// dashboard mounts PublisherDealIntentsTab in its Deal Requests tab; the buyer dashboard mounts
// BuyerDealIntentsTab (the listing detail page imports RequestDeal from its file, as pages may).
export { BuyerDealIntentsTab } from "./buyer-deal-intents-tab";
export { PublisherDealIntentsTab } from "./publisher-deal-intents-tab";
