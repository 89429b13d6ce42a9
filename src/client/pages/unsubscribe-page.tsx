import { BellOff, CheckCircle2 } from "lucide-react";
import { Link, useParams } from "wouter";
import { DEFAULT_APP_NAME } from "../../shared/constants";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { FormAlert } from "../components/ui/form-alert";
import { QueryState } from "../components/ui/query-state";
import { Skeleton } from "../components/ui/skeleton";
import { useUnsubscribe, useUnsubscribeInfo } from "../features/alerts";
import { useAuth } from "../features/auth/use-auth";
import { usePublicConfig } from "../features/config/use-public-config";
import { errorMessage } from "../lib/api";

// The link in every alert mail: no sign-in, the signed token is the proof. Opening the link
// changes nothing (mail scanners follow links); the button posts to this same address, which also takes
// a mail client's one-click unsubscribe (RFC 8058).

function AlertsLink() {
  const { user } = useAuth();
  return user?.role === "publisher" ? (
    <Link href="/publisher/dashboard?tab=alerts" className="font-medium text-brand-700 underline">
      your dashboard's Alerts tab
    </Link>
  ) : (
    <span>the Alerts tab of your publisher dashboard</span>
  );
}

function Confirm({ token, email, isSubscribed }: { token: string; email: string; isSubscribed: boolean }) {
  const { data: config } = usePublicConfig();
  const unsubscribe = useUnsubscribe(token);
  const appName = config?.appName ?? DEFAULT_APP_NAME;

  if (unsubscribe.isSuccess || !isSubscribed) {
    return (
      <div className="space-y-3" role="status">
        <p className="flex items-center gap-2 font-medium text-green-800">
          <CheckCircle2 className="h-5 w-5" aria-hidden />
          {unsubscribe.isSuccess ? "You are unsubscribed." : "This address gets no alert emails."}
        </p>
        <p className="text-sm text-slate-700">
          {appName} will not send listing alert emails to {email}. Sign-in links and messages about your deals
          still arrive. Changed your mind? Tick Email again in <AlertsLink />.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-slate-700">
        Stop listing alert emails to <span className="font-medium">{email}</span>? Your alert settings and
        saved searches are kept, so you can turn email back on at any time.
      </p>
      <FormAlert>{unsubscribe.isError && errorMessage(unsubscribe.error)}</FormAlert>
      <Button type="button" onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
        {unsubscribe.isPending ? "Unsubscribing..." : "Unsubscribe"}
      </Button>
    </div>
  );
}

export default function UnsubscribePage() {
  const { token = "" } = useParams<{ token: string }>();
  const info = useUnsubscribeInfo(token);
  return (
    <main className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-lg">
        <CardHeader>
          <BellOff className="h-8 w-8 text-brand-600" aria-hidden />
          <CardTitle as="h1">
            <span className="text-2xl">Unsubscribe from alert emails</span>
          </CardTitle>
          <CardDescription>New buyer listings that match your alerts, by email.</CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState
            query={info}
            loadingLabel="Checking your unsubscribe link…"
            loading={<Skeleton className="h-24 w-full" />}
            notFound={
              <div role="alert" className="space-y-2 text-sm text-red-800">
                <p>{errorMessage(info.error)}</p>
              </div>
            }
          >
            {(data) => <Confirm token={token} email={data.email} isSubscribed={data.isSubscribed} />}
          </QueryState>
        </CardContent>
      </Card>
    </main>
  );
}
