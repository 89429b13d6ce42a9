import { Bell } from "lucide-react";
import { useState } from "react";
import { GEOGRAPHIES, VERTICALS } from "../../../shared/constants";
import type { AlertPreferences } from "../../../shared/schemas/alerts";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { QueryState } from "../../components/ui/query-state";
import { Skeleton } from "../../components/ui/skeleton";
import { SmsAlertsSection } from "../sms";
import { alertFormValues } from "./alert-form-values";
import { AlertPreferencesForm } from "./alert-preferences-form";
import { SavedSearchList } from "./saved-search-list";
import { useAlertPreferences } from "./use-alerts";

// The publisher dashboard's Alerts tab (docs/product.md, "Listing alerts"). Before the first save it
// shows a "Set Up Your Alerts" prompt with a Configure Alerts button; the form then starts from the
// publisher's own verticals and geographies, as the prompt promises.

function SetUp({ onConfigure }: { onConfigure: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center">
      <Bell className="h-10 w-10 text-slate-500" aria-hidden />
      <h3 className="text-lg font-semibold">Set Up Your Alerts</h3>
      <p className="max-w-md text-sm text-slate-600">
        Get an email when new buyers match your verticals and geographies: instantly with Premium, or in a
        free daily or weekly digest.
      </p>
      <Button type="button" onClick={onConfigure}>
        Configure Alerts
      </Button>
    </div>
  );
}

function Settings({
  preferences,
  isPremium,
  profile,
}: {
  preferences: AlertPreferences;
  isPremium: boolean;
  profile: { verticals: readonly string[]; geos: readonly string[] };
}) {
  const [configuring, setConfiguring] = useState(false);
  if (!preferences.configured && !configuring) return <SetUp onConfigure={() => setConfiguring(true)} />;
  const initial = alertFormValues(preferences);
  if (!preferences.configured) {
    // Suggestions from the profile, in the lists' own order; nothing is saved until Save Alerts.
    initial.verticals = VERTICALS.filter((v) => profile.verticals.includes(v));
    initial.geos = GEOGRAPHIES.filter((g) => profile.geos.includes(g));
  }
  return <AlertPreferencesForm preferences={preferences} initialValues={initial} isPremium={isPremium} />;
}

export function AlertsTab({
  isPremium,
  profile,
}: {
  isPremium: boolean;
  profile: { verticals: readonly string[]; geos: readonly string[] };
}) {
  const preferences = useAlertPreferences();
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Listing alerts</CardTitle>
          <CardDescription>
            New buyer listings that match, by email. Every alert email has a link to unsubscribe.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState
            query={preferences}
            loadingLabel="Loading your alert settings…"
            loading={<Skeleton className="h-64 w-full" />}
          >
            {(data) => <Settings preferences={data} isPremium={isPremium} profile={profile} />}
          </QueryState>
        </CardContent>
      </Card>
      <SmsAlertsSection />
      <Card>
        <CardHeader>
          <CardTitle>Saved searches</CardTitle>
          <CardDescription>
            Each saved search alerts you too, as often and by the channels chosen above.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <SavedSearchList />
        </CardContent>
      </Card>
    </div>
  );
}
