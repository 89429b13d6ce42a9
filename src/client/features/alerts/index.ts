// The alerts feature's public surface: what pages may compose (docs/decisions/008-client-layers.md).
export { AlertsTab } from "./alerts-tab";
export { useUnsubscribe, useUnsubscribeInfo } from "./use-alerts";
