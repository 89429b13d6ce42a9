import { useState } from "react";
import { ROLES, type Role, type SubscriptionProduct } from "../../../shared/constants";
import { formatDate } from "../../../shared/format";
import type { AdminUser } from "../../../shared/schemas/admin-users";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Label } from "../../components/ui/label";
import { Select } from "../../components/ui/select";
import { RoleBadge } from "../auth";
import { capitalize, publisherStatusBadge } from "./admin-format";
import { PRODUCT_NAMES, RefundSubscriptionDialog } from "./refund-subscription-dialog";
import { useFocusReturn } from "./restore-focus";
import { SmsHistoryDialog } from "./sms-history-dialog";
import { useEndUserSessions, useUpdateUser } from "./use-admin-users";

type Pending =
  | { kind: "role"; role: Role }
  | { kind: "disable" }
  | { kind: "sms" }
  | { kind: "sessions" }
  | { kind: "refund"; product: SubscriptionProduct }
  | null;

/** "1 session", "3 active sessions": a count of sessions, the word in front of "session" given. */
const sessionsText = (count: number, word = "") => {
  const noun = word ? `${word} session` : "session";
  return count === 1 ? `1 ${noun}` : `${count.toLocaleString("en-US")} ${noun}s`;
};

/** One account: who, what they hold, and the admin's controls (role, access, complimentary Premium). */
export function UserCard({ user, viewerId }: { user: AdminUser; viewerId: string }) {
  const update = useUpdateUser();
  const endSessions = useEndUserSessions(viewerId);
  const [pending, setPending] = useState<Pending>(null);
  const focus = useFocusReturn();
  const ask = (next: Pending) => {
    focus.remember();
    setPending(next);
  };
  const isSelf = user.id === viewerId;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const titleId = `user-${user.id}-title`;
  const roleId = `user-${user.id}-role`;
  const selfNoteId = `user-${user.id}-self`;
  const disabled = user.disabledAt !== null;

  const run = (changes: Parameters<typeof update.mutate>[0]["changes"]) =>
    update.mutate({ userId: user.id, changes }, { onSettled: () => setPending(null) });

  return (
    <Card role="article" aria-labelledby={titleId} className="p-5">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="break-all text-base font-semibold">
              {name || user.email}
            </h3>
            <RoleBadge role={user.role} />
            {disabled && <Badge tone="red">Disabled</Badge>}
            {user.hasActiveSubscription && (
              <Badge tone="purple">{user.complimentaryPremium ? "Premium (complimentary)" : "Premium"}</Badge>
            )}
            {isSelf && <Badge tone="grey">You</Badge>}
          </div>
          <p className="break-all text-sm text-slate-600">
            {name ? `${user.email} · ` : ""}Joined {formatDate(user.createdAt)}
            {disabled && user.disabledAt ? ` · Disabled ${formatDate(user.disabledAt)}` : ""}
            {` · ${sessionsText(user.sessionCount, "active")}`}
          </p>
          {(user.publisherStatus || user.buyerCompany) && (
            <p className="text-sm text-slate-700">
              {user.publisherStatus &&
                `Publisher profile: ${publisherStatusBadge(user.publisherStatus).label}`}
              {user.buyerCompany && `Buyer profile: ${user.buyerCompany}`}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end lg:justify-end">
          <div className="space-y-1">
            <Label htmlFor={roleId}>Role</Label>
            <Select
              id={roleId}
              className="sm:w-36"
              value={user.role}
              disabled={isSelf || update.isPending}
              aria-describedby={isSelf ? selfNoteId : undefined}
              onChange={(event) => ask({ kind: "role", role: event.target.value as Role })}
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {capitalize(role)}
                </option>
              ))}
            </Select>
          </div>
          {disabled ? (
            <Button variant="secondary" disabled={update.isPending} onClick={() => run({ disabled: false })}>
              Enable
            </Button>
          ) : (
            <Button
              variant="destructive"
              className="disabled:opacity-50"
              disabled={isSelf || update.isPending}
              aria-describedby={isSelf ? selfNoteId : undefined}
              onClick={() => ask({ kind: "disable" })}
            >
              Disable
            </Button>
          )}
          {user.hasActiveSubscription && !user.complimentaryPremium ? (
            <p className="text-sm text-slate-600 sm:self-center">Paid Premium</p>
          ) : (
            <Button
              variant="secondary"
              disabled={update.isPending}
              onClick={() => run({ complimentaryPremium: !user.complimentaryPremium })}
            >
              {user.complimentaryPremium ? "Remove Premium" : "Grant Premium"}
            </Button>
          )}
          {user.paidSubscriptions.map((product) => (
            <Button key={product} variant="secondary" onClick={() => ask({ kind: "refund", product })}>
              Refund {PRODUCT_NAMES[product]}
            </Button>
          ))}
          <Button
            variant="secondary"
            disabled={user.sessionCount === 0 || endSessions.isPending}
            onClick={() => ask({ kind: "sessions" })}
          >
            End all sessions
          </Button>
          <Button variant="ghost" onClick={() => ask({ kind: "sms" })}>
            SMS history
          </Button>
        </div>
      </div>
      {isSelf && (
        <p id={selfNoteId} className="mt-3 text-xs text-slate-600">
          You cannot change your own role or disable your own account.
        </p>
      )}
      <ConfirmDialog
        open={pending?.kind === "role"}
        onOpenChange={(open) => !open && setPending(null)}
        onCloseAutoFocus={focus.restore}
        title="Change role?"
        description={
          pending?.kind === "role"
            ? `${user.email} goes from ${capitalize(user.role)} to ${capitalize(pending.role)}. What they can reach changes at once: they are signed out everywhere, and their API keys keep only what the new role allows.`
            : ""
        }
        confirmLabel="Change role"
        pendingLabel="Changing..."
        isPending={update.isPending}
        onConfirm={() => pending?.kind === "role" && run({ role: pending.role })}
      />
      <ConfirmDialog
        open={pending?.kind === "disable"}
        onOpenChange={(open) => !open && setPending(null)}
        onCloseAutoFocus={focus.restore}
        title="Disable this account?"
        description={`${user.email} is signed out everywhere at once, cannot sign in, and their listings leave the directory until you enable the account again.`}
        confirmLabel="Disable account"
        pendingLabel="Disabling..."
        isPending={update.isPending}
        onConfirm={() => run({ disabled: true })}
      />
      <ConfirmDialog
        open={pending?.kind === "sessions"}
        onOpenChange={(open) => !open && setPending(null)}
        onCloseAutoFocus={focus.restore}
        title="End all sessions?"
        description={`${user.email} is signed out of ${sessionsText(user.sessionCount)} at once and can sign in again.${isSelf ? " That includes this one: you will be signed out too." : ""}`}
        confirmLabel="End all sessions"
        pendingLabel="Ending..."
        isPending={endSessions.isPending}
        onConfirm={() => endSessions.mutate(user, { onSettled: () => setPending(null) })}
      />
      <RefundSubscriptionDialog
        user={user}
        product={pending?.kind === "refund" ? pending.product : null}
        onClose={() => setPending(null)}
        onCloseAutoFocus={focus.restore}
      />
      <SmsHistoryDialog
        userId={user.id}
        email={user.email}
        open={pending?.kind === "sms"}
        onOpenChange={(open) => !open && setPending(null)}
        onCloseAutoFocus={focus.restore}
      />
    </Card>
  );
}
