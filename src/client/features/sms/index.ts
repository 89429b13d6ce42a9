// The SMS feature's public surface: what other features may import (docs/decisions/008-client-layers.md).
export { SMS_SECTION_ID, SmsAlertsSection } from "./sms-alerts-section";
export { formatQuietHours, formatUsPhone } from "./sms-format";
export { SMS_STATUS_KEY } from "./use-sms";
