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

function SessionTable({ rows }: { rows: RowProps[] }) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your signed-in sessions, this device first</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Device
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Signed in
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Last active
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Network
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Signed in with
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.session.id} className="border-b border-slate-100 last:border-b-0">
              <th scope="row" className="py-3 pr-4 text-left font-normal">
                <DeviceName session={row.session} />
              </th>
              <td className="whitespace-nowrap py-3 pr-4">{formatDate(row.session.createdAt)}</td>
              <td className="py-3 pr-4">{lastActive(row.session, row.readAt)}</td>
              <td className="break-all py-3 pr-4">{row.session.ipPrefix ?? "Unknown"}</td>
              <td className="py-3 pr-4">{signInMethodLabel(row.session.signInMethod)}</td>
              <td className="py-3 text-right">
                <SignOutButton {...row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Below the md breakpoint the table's columns would not fit: one stacked card per session. */
function SessionList({ rows }: { rows: RowProps[] }) {
  return (
    <ul className="space-y-3 md:hidden" aria-label="Your signed-in sessions, this device first">
      {rows.map((row) => (
        <li key={row.session.id} className="space-y-2 rounded-md border border-slate-200 p-3 text-sm">
          <DeviceName session={row.session} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-slate-600">Signed in</dt>
            <dd>{formatDate(row.session.createdAt)}</dd>
            <dt className="text-slate-600">Last active</dt>
            <dd>{lastActive(row.session, row.readAt)}</dd>
            <dt className="text-slate-600">Network</dt>
            <dd>{row.session.ipPrefix ?? "Unknown"}</dd>
            <dt className="text-slate-600">Signed in with</dt>
            <dd>{signInMethodLabel(row.session.signInMethod)}</dd>
          </dl>
          <SignOutButton {...row} />
        </li>
      ))}
    </ul>
  );
}

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
                <SessionTable rows={rows} />
                <SessionList rows={rows} />
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
