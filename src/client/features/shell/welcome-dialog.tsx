import { useState } from "react";
import { Link, useLocation } from "wouter";
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
import { getWelcomeCopy } from "./welcome-copy";

const WELCOME_DISMISSED_STORAGE_KEY = "welcome-dialog-dismissed";

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

/**
 * Shown once to a signed-in user; any way of closing it sets the local flag. What it says
 * depends on who reads it (welcome-copy.ts).
 */
export function WelcomeDialog({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(() => !wasDismissed());
  const [, navigate] = useLocation();
  const copy = getWelcomeCopy(user);

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
          <DialogDescription>{copy.intro}</DialogDescription>
        </DialogHeader>
        <CheckList items={copy.items} />
        {copy.note && <p className="rounded-md bg-brand-50 p-3 text-sm text-brand-700">{copy.note}</p>}
        <DialogFooter>
          {copy.secondary && (
            <Button asChild variant="secondary">
              <Link href={copy.secondary.href} onClick={close}>
                {copy.secondary.label}
              </Link>
            </Button>
          )}
          <Button
            onClick={() => {
              close();
              navigate(copy.primary.href);
            }}
          >
            {copy.primary.label}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
