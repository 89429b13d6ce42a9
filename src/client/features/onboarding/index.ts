// The onboarding drafts' public surface: both wizards (features/publisher, features/buyers) keep their
// draft on the server through these.
export { useDraftSaver, useOnboardingDraft } from "./use-onboarding-draft";
