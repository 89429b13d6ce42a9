// The account feature's public surface (docs/decisions/008-client-layers.md): the Account page's
// sections and the pages of the account mails' one-time links.
export { AccountLinkCard } from "./account-link-card";
export { ACCOUNT_SECTIONS } from "./account-section";
export { ApiKeysSection } from "./api-keys-section";
export { DataSection } from "./data-section";
export { DeleteSection } from "./delete-section";
export { EmailSection } from "./email-section";
export { SessionsSection } from "./sessions-section";
export { SummarySection } from "./summary-section";
export {
  useAccountSummary,
  useConfirmEmailChange,
  useSecureAccount,
  useUndoEmailChange,
} from "./use-account";
export { WebhooksSection } from "./webhooks-section";
