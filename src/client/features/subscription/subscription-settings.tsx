// Placeholder owned by issue #5, which replaces this file with the subscription-management section of
// /pricing (status, renewal, cancel). The pricing page already renders it for signed-in users.
export function SubscriptionSettings() {
  return null;
}
