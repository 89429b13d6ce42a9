// The demo seed's sign-in accounts, apart from the seed itself: the development sign-in list needs only
// these, and the compiled production server carries the dev routes but must not carry the seed.
export const DEMO_ACCOUNTS = [
  { email: "admin@demo.test", role: "admin", description: "Administrator" },
  { email: "publisher@demo.test", role: "publisher", description: "Free publisher, approved profile" },
  { email: "premium@demo.test", role: "publisher", description: "Publisher with Premium" },
  { email: "pending@demo.test", role: "publisher", description: "Publisher awaiting review" },
  { email: "buyer@demo.test", role: "buyer", description: "Buyer with listings" },
  { email: "newbie@demo.test", role: "guest", description: "New user, no profile" },
] as const;
