import { useState } from "react";
import { Link, useLocation } from "wouter";
import { FREE_PLAN_FEATURES, WELCOME_DISMISSED_STORAGE_KEY } from "../../../shared/constants";
import type { CurrentUser } from "../../../shared/schemas/auth";
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
import { getWelcomeName } from "../auth";

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(WELCOME_DISMISSED_STORAGE_KEY) === "true";
  } catch {
    // No storage: showing it once per visit is the best we can do.
    return false;
  }
}

function rememberDismissed(): void {
  try {
    localStorage.setItem(WELCOME_DISMISSED_STORAGE_KEY, "true");
  } catch {
    // See wasDismissed.
  }
}

/** SPEC §2: shown once to a signed-in user; any way of closing it sets the local flag. */
export function WelcomeDialog({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(() => !wasDismissed());
  const [, navigate] = useLocation();

  const close = () => {
    rememberDismissed();
    setOpen(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Welcome, {getWelcomeName(user)}!</DialogTitle>
          <DialogDescription>Your free account gives you access to:</DialogDescription>
        </DialogHeader>
        <CheckList items={FREE_PLAN_FEATURES} />
        <p className="rounded-md bg-brand-50 p-3 text-sm text-brand-700">
          Upgrade to Premium to unlock buyer contact information: email, phone and application link.
        </p>
        <DialogFooter>
          <Button asChild variant="secondary">
            <Link href="/pricing" onClick={close}>
              View Plans
            </Link>
          </Button>
          <Button
            onClick={() => {
              close();
              navigate("/browse");
            }}
          >
            Start Browsing Buyers
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
