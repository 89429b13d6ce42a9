// The disputes feature's public surface (docs/decisions/008-client-layers.md): the deal intents tabs
// offer OpenDisputeButton; the admin's disputes list reads its URL and decides through
// useResolveDispute.
export { DECISION_MEANING, DisputeItem, disputeName } from "./dispute-parts";
export { OpenDisputeButton } from "./open-dispute-button";
export { ADMIN_DISPUTES_PATH, useResolveDispute } from "./use-disputes";
