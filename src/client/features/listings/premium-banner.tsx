import { Lock } from "lucide-react";
import { Link } from "wouter";
import { seesEveryContact } from "../../../shared/contacts";
import { Button } from "../../components/ui/button";
import { useAuth } from "../auth";
import { usePremiumPrice } from "../config";

/**
 * The browse page's banner for non-premium users, priced by the one price hook. Decided by the viewer,
 * not by the results, so it is on the page from the first paint (no layout shift when the listings
 * arrive) and stays on empty results.
 */
export function PremiumBanner() {
  const { user } = useAuth();
  const price = usePremiumPrice();
  if (seesEveryContact(user)) return null;
  return (
    <section
      aria-label="Premium"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2 text-sm">
        <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>
          Buyer contact details are masked. Upgrade to Premium{price.label ? ` for ${price.label}` : ""} to
          see emails, phone numbers and application links.
        </span>
      </p>
      <Button asChild size="sm">
        <Link href="/subscribe">Upgrade to Premium</Link>
      </Button>
    </section>
  );
}
