import { QueryState } from "../components/ui/query-state";
import { Skeleton } from "../components/ui/skeleton";
import {
  ACCOUNT_SECTIONS,
  ApiKeysSection,
  DataSection,
  DeleteSection,
  EmailSection,
  SessionsSection,
  SummarySection,
  useAccountSummary,
  WebhooksSection,
} from "../features/account";

/**
 * The signed-in user's own settings, one section each, listed by the in-page navigation.
 */
export default function AccountPage() {
  const summary = useAccountSummary();
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Account</h1>
        <p className="text-slate-600">
          Your email, where you are signed in, API keys and webhooks, your data and your account.
        </p>
      </header>
      <div className="mt-6 grid gap-6 lg:grid-cols-[12rem_1fr] lg:items-start">
        <nav aria-label="Account sections" className="lg:sticky lg:top-20">
          <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm lg:flex-col">
            {ACCOUNT_SECTIONS.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 space-y-6">
          <QueryState
            query={summary}
            loadingLabel="Loading your account…"
            loading={<Skeleton className="h-64 w-full" />}
          >
            {(data) => (
              <>
                <SummarySection summary={data} />
                <EmailSection email={data.email} />
              </>
            )}
          </QueryState>
          <SessionsSection />
          {summary.data && (
            <>
              <ApiKeysSection role={summary.data.role} />
              <WebhooksSection role={summary.data.role} />
            </>
          )}
          <DataSection />
          {summary.data && (
            <DeleteSection email={summary.data.email} isLastAdmin={summary.data.isLastAdmin} />
          )}
        </div>
      </div>
    </main>
  );
}
