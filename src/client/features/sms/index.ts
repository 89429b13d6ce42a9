// The SMS feature's public surface: what other features may import (docs/decisions/008-client-layers.md).
export { SmsAlertsSection } from "./sms-alerts-section";
export { formatQuietHours, formatUsPhone } from "./sms-format";
export { SMS_STATUS_KEY } from "./use-sms";
