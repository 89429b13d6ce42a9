import { Check } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { usePremiumPrice } from "../config/use-premium-price";

const BENEFITS = [
  "Buyer contact details: company, email, phone and application link",
  "Instant email alerts when new buyers match your verticals",
  "Contact any verified buyer directly, with no middleman",
];

/** SPEC §2 Buyer detail: Premium benefits, "Maybe Later" and "Upgrade Now" (to /subscribe). */
export function UpgradeDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const price = usePremiumPrice();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Upgrade to Premium</DialogTitle>
          <DialogDescription>
            Buyer contact details are for Premium members
            {price.label ? ` (${price.label})` : ""}.
          </DialogDescription>
        </DialogHeader>
        <ul className="space-y-2 text-sm">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex gap-2">
              <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden />
              {benefit}
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Maybe Later
          </Button>
          <Button asChild>
            <Link href="/subscribe">Upgrade Now</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
