import { CalendarDays, FileWarning, Pencil, UserRound } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useSearch } from "wouter";
import { formatDate } from "../../shared/format";
import type { CurrentUser } from "../../shared/schemas/auth";
import { PUBLISHER_MESSAGES, type PublisherProfile } from "../../shared/schemas/publisher";
import { complianceAckText } from "../../shared/schemas/publisher-compliance";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { QueryState } from "../components/ui/query-state";
import { Skeleton } from "../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import { useAuth } from "../features/auth/use-auth";
import { getDisplayName } from "../features/auth/user-display";
import { ActivityList } from "../features/publishers/activity-list";
import { DomainVerificationAction } from "../features/publishers/domain-verification-panel";
import { EmptyState } from "../features/publishers/empty-state";
import { PageSpinner } from "../features/publishers/page-spinner";
import { ProfileEditForm } from "../features/publishers/profile-edit-form";
import {
  QualityScoreBar,
  QualityScoreBasis,
  QualityScoreExplanation,
} from "../features/publishers/quality-score";
import { ProfileStatusBadge, TierBadge } from "../features/publishers/status-badges";
import {
  useLatestCompliance,
  usePublisherActivity,
  usePublisherProfile,
} from "../features/publishers/use-publisher";

const TABS = ["information", "compliance", "activity"] as const;
type Tab = (typeof TABS)[number];

function NoProfile() {
  return (
    <Card className="mx-auto max-w-xl text-center">
      <CardHeader>
        <h1 className="text-2xl font-bold">{PUBLISHER_MESSAGES.noProfile}</h1>
        <CardDescription>You have not set up a publisher profile yet.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link href="/publisher/onboarding">Start Onboarding</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-100 py-3 last:border-0 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="break-words text-sm font-medium sm:col-span-2">{children}</dd>
    </div>
  );
}

const list = (items: string[]) => (items.length > 0 ? items.join(", ") : "—");

function ProfileInformation({ profile, user }: { profile: PublisherProfile; user: CurrentUser }) {
  const [isEditing, setEditing] = useState(false);
  if (isEditing) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Edit Profile</CardTitle>
          <CardDescription>Only the fields you change are saved.</CardDescription>
        </CardHeader>
        <CardContent>
          <ProfileEditForm profile={profile} onDone={() => setEditing(false)} />
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <CardTitle>Profile Information</CardTitle>
        <Button type="button" variant="secondary" onClick={() => setEditing(true)}>
          <Pencil className="h-4 w-4" aria-hidden />
          Edit Profile
        </Button>
      </CardHeader>
      <CardContent>
        <dl>
          <Field label="Name">{getDisplayName(user)}</Field>
          <Field label="Email">{user.email}</Field>
          {profile.company && <Field label="Company">{profile.company}</Field>}
          {profile.phone && <Field label="Phone">{profile.phone}</Field>}
          <Field label="Website">{profile.website ?? "—"}</Field>
          <Field label="Domain">
            <DomainVerificationAction profile={profile} userId={user.id} />
          </Field>
          <Field label="Average daily calls">{profile.avgDailyCalls ?? "—"}</Field>
          <Field label="Years in business">{profile.yearsInBusiness ?? "—"}</Field>
          <Field label="Traffic sources">{list(profile.trafficSources)}</Field>
          <Field label="Verticals">{list(profile.verticals)}</Field>
          <Field label="Geographic coverage">{list(profile.geos)}</Field>
          <Field label="References">
            {profile.references.length > 0 ? (
              <ul className="space-y-1">
                {profile.references.map((reference) => (
                  <li key={reference}>{reference}</li>
                ))}
              </ul>
            ) : (
              "—"
            )}
          </Field>
        </dl>
      </CardContent>
    </Card>
  );
}

function ComplianceTab() {
  const record = useLatestCompliance();
  return (
    <QueryState
      query={record}
      loadingLabel="Loading your compliance record…"
      loading={<Skeleton className="h-32" />}
    >
      {(latest) => {
        if (!latest) {
          return (
            <EmptyState
              icon={FileWarning}
              title={PUBLISHER_MESSAGES.complianceMissing}
              description="Acknowledge the TCPA requirements and describe your DNC process to finish onboarding."
            >
              <Button asChild>
                <Link href="/publisher/onboarding">Complete compliance</Link>
              </Button>
            </EmptyState>
          );
        }
        const text = complianceAckText(latest.ackTextVersion);
        return (
          <Card>
            <CardHeader>
              <CardTitle>TCPA Compliance</CardTitle>
              <CardDescription>The latest record on file. Earlier records are kept.</CardDescription>
            </CardHeader>
            <CardContent>
              <dl>
                <Field label="Acknowledged">
                  {latest.acceptedAt ? formatDate(latest.acceptedAt) : formatDate(latest.createdAt)}
                </Field>
                <Field label="DNC process">
                  <span className="whitespace-pre-line font-normal">{latest.dncProcessDesc ?? "—"}</span>
                </Field>
                {text && (
                  <Field label="What you acknowledged">
                    <span className="font-normal">{text.acknowledgment}</span>
                    <span className="mt-1 block text-xs text-slate-600">
                      Text version {latest.ackTextVersion}
                    </span>
                  </Field>
                )}
              </dl>
            </CardContent>
          </Card>
        );
      }}
    </QueryState>
  );
}

function ActivityTab() {
  const activity = usePublisherActivity();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Activity Log</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState query={activity} loadingLabel="Loading activity…" loading={<Skeleton className="h-32" />}>
          {(entries) => <ActivityList entries={entries} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function SummaryCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2">{children}</CardContent>
    </Card>
  );
}

function Profile({ profile, user }: { profile: PublisherProfile; user: CurrentUser }) {
  const requested = new URLSearchParams(useSearch()).get("tab");
  const initialTab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : "information";
  return (
    <div className="space-y-8">
      <header className="flex items-center gap-3">
        <UserRound className="h-8 w-8 text-brand-600" aria-hidden />
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Publisher Profile</h1>
          <p className="text-slate-600">{profile.website}</p>
        </div>
      </header>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SummaryCard title="Profile Status">
          <ProfileStatusBadge status={profile.status} />
          {profile.status === "rejected" && profile.reviewReason && (
            <p className="text-sm text-slate-700">Reason: {profile.reviewReason}</p>
          )}
          {profile.status === "pending" && (
            <p className="text-sm text-slate-700">{PUBLISHER_MESSAGES.underReview}</p>
          )}
        </SummaryCard>
        <SummaryCard title="Publisher Tier">
          <TierBadge tier={profile.tier} />
        </SummaryCard>
        <SummaryCard title="Quality Score">
          <QualityScoreBar score={profile.qualityScore} />
          <QualityScoreBasis breakdown={profile.qualityBreakdown} />
          <QualityScoreExplanation breakdown={profile.qualityBreakdown} />
        </SummaryCard>
        <SummaryCard title="Member Since">
          <p className="flex items-center gap-2 font-semibold">
            <CalendarDays className="h-4 w-4 text-slate-600" aria-hidden />
            {formatDate(profile.createdAt)}
          </p>
        </SummaryCard>
      </div>
      <Tabs defaultValue={initialTab}>
        <TabsList aria-label="Profile sections">
          <TabsTrigger value="information">Profile Information</TabsTrigger>
          <TabsTrigger value="compliance">Compliance</TabsTrigger>
          <TabsTrigger value="activity">Activity Log</TabsTrigger>
        </TabsList>
        <TabsContent value="information">
          <ProfileInformation profile={profile} user={user} />
        </TabsContent>
        <TabsContent value="compliance">
          <ComplianceTab />
        </TabsContent>
        <TabsContent value="activity">
          <ActivityTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

export default function PublisherProfilePage() {
  const { user } = useAuth();
  const profile = usePublisherProfile();
  if (!user) return null;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <QueryState query={profile} loadingLabel="Loading your profile…" loading={<PageSpinner />}>
        {(current) => (current ? <Profile profile={current} user={user} /> : <NoProfile />)}
      </QueryState>
    </main>
  );
}
