import { Link } from "wouter";
import { PREMIUM_BENEFITS } from "../../../shared/constants";
import { Button } from "../../components/ui/button";
import { CheckList } from "../../components/ui/check-list";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { usePremiumPrice } from "../config";

/** The upgrade prompt: Premium benefits, "Maybe Later" and "Upgrade Now" (to /subscribe). */
export default function UpgradePrompt({
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
        <CheckList items={PREMIUM_BENEFITS} />
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
