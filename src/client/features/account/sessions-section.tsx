import { LogOut } from "lucide-react";
import { useState } from "react";
import { formatDate } from "../../../shared/format";
import type { AccountSession } from "../../../shared/schemas/account";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { QueryState } from "../../components/ui/query-state";
import { Skeleton } from "../../components/ui/skeleton";
import { errorMessage } from "../../lib/api";
import { formatLastActive, sessionLabel, signInMethodLabel, signOutNames } from "./account-format";
import { AccountSection, sectionTitle } from "./account-section";
import { type Column, ResponsiveTable } from "./responsive-table";
import { useAccountSessions, useEndOtherSessions, useEndSession } from "./use-account";

const HEADING_ID = "sessions-heading";

/** This device first, then the others in the server's order. */
const currentFirst = (sessions: AccountSession[]) =>
  [...sessions].sort((a, b) => Number(b.current) - Number(a.current));

interface RowProps {
  session: AccountSession;
  /** When the list was read: "last active" counts from it. */
  readAt: number;
  signOutName: string;
  isEnding: boolean;
  isBusy: boolean;
  onSignOut: (session: AccountSession) => void;
}

function DeviceName({ session }: { session: AccountSession }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-medium">{sessionLabel(session)}</span>
      {session.current && <Badge tone="green">This device</Badge>}
    </span>
  );
}

function SignOutButton({ session, signOutName, isEnding, isBusy, onSignOut }: Omit<RowProps, "readAt">) {
  // This browser signs out with Log out in the user menu, which also leaves the page.
  if (session.current) return null;
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      aria-label={signOutName}
      disabled={isBusy}
      onClick={() => onSignOut(session)}
    >
      {isEnding ? "Signing out..." : "Sign out"}
    </Button>
  );
}

const lastActive = (session: AccountSession, readAt: number) =>
  session.current ? "Now" : formatLastActive(session.lastSeenAt, readAt);

const SESSION_COLUMNS: Column<RowProps>[] = [
  { label: "Signed in", cell: (row) => formatDate(row.session.createdAt), className: "whitespace-nowrap" },
  { label: "Last active", cell: (row) => lastActive(row.session, row.readAt) },
  { label: "Network", cell: (row) => row.session.ipPrefix ?? "Unknown", className: "break-all" },
  { label: "Signed in with", cell: (row) => signInMethodLabel(row.session.signInMethod) },
];

/** Every browser signed in to the account, with a way to sign any other one out. */
export function SessionsSection() {
  const sessions = useAccountSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  // The last action's outcome, read out by screen readers (the live region below stays mounted).
  const [outcome, setOutcome] = useState("");
  const isBusy = endOne.isPending || endOthers.isPending;
  // The row (or the enabled button) that had focus goes away: focus the section's heading instead.
  const focusHeading = () => document.getElementById(HEADING_ID)?.focus();

  const signOut = (session: AccountSession) => {
    endOthers.reset();
    setOutcome("");
    endOne.mutate(session, {
      onSuccess: () => {
        setOutcome(`Signed out ${sessionLabel(session)}.`);
        focusHeading();
      },
    });
  };

  const signOutOthers = () => {
    endOne.reset();
    setOutcome("");
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => {
        setOutcome(ended === 1 ? "Signed out 1 other session." : `Signed out ${ended} other sessions.`);
        focusHeading();
      },
    });
  };

  return (
    <AccountSection
      id="sessions"
      title={sectionTitle("sessions")}
      description="Browsers signed in to your account. Sign out any you do not recognise, then change your email if you think someone else has it."
    >
      <div className="space-y-4">
        <QueryState
          query={sessions}
          loadingLabel="Loading your sessions…"
          loading={
            <div className="space-y-2">
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
            </div>
          }
        >
          {({ sessions: list }) => {
            if (list.length === 0) {
              return <p className="text-sm text-slate-700">No browser is signed in to your account.</p>;
            }
            const names = signOutNames(list);
            const rows = currentFirst(list).map((session) => ({
              session,
              readAt: sessions.dataUpdatedAt,
              signOutName: names.get(session.id) ?? `Sign out ${sessionLabel(session)}`,
              isEnding: endOne.isPending && endOne.variables?.id === session.id,
              isBusy,
              onSignOut: signOut,
            }));
            const others = list.filter((session) => !session.current).length;
            return (
              <>
                <ResponsiveTable
                  caption="Your signed-in sessions, this device first"
                  rows={rows}
                  rowKey={(row) => row.session.id}
                  rowHeader={{
                    label: "Device",
                    cell: (row) => <DeviceName session={row.session} />,
                    className: "font-normal",
                  }}
                  columns={SESSION_COLUMNS}
                  cardTitle={(row) => <DeviceName session={row.session} />}
                  action={(row) => <SignOutButton {...row} />}
                />
                <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
                  <p className="text-sm text-slate-700">
                    {others === 0
                      ? "This is the only browser signed in."
                      : `${others} other ${others === 1 ? "session" : "sessions"} signed in.`}
                  </p>
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={others === 0 || isBusy}
                    onClick={signOutOthers}
                  >
                    <LogOut className="h-4 w-4" aria-hidden />
                    {endOthers.isPending ? "Signing out..." : "Sign out everywhere else"}
                  </Button>
                </div>
              </>
            );
          }}
        </QueryState>
        <FormAlert>
          {(endOne.isError && errorMessage(endOne.error)) ||
            (endOthers.isError && errorMessage(endOthers.error))}
        </FormAlert>
        <p role="status" className="text-sm font-medium text-green-800">
          {outcome}
        </p>
      </div>
    </AccountSection>
  );
}
