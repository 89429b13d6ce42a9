import { MessageSquare } from "lucide-react";
import { QueryState } from "../components/ui/query-state";
import { DevToolsLayout, DevToolsUnavailable } from "../features/dev/dev-tools-layout";
import { SmsOutboxList } from "../features/dev/sms-outbox-list";
import { SmsReplyForm } from "../features/dev/sms-reply-form";
import { useSmsOutbox } from "../features/dev/use-dev-tools";

/** The development SMS outbox, and a form to reply to our number as a phone would. */
export default function DevSmsPage() {
  const outbox = useSmsOutbox();
  return (
    <DevToolsLayout
      title="SMS Outbox"
      description="Without Twilio settings a development server texts no one: its texts (codes, alerts, replies) land here. Reply as the phone would to try STOP, START and HELP."
    >
      <QueryState
        query={outbox}
        loadingLabel="Loading the SMS outbox…"
        loading={<div className="h-40 animate-pulse rounded-lg bg-slate-100" />}
        notFound={<DevToolsUnavailable />}
      >
        {(texts) => (
          <>
            <SmsReplyForm numbers={[...new Set(texts.map((text) => text.to))]} />
            <section aria-labelledby="sms-outbox-heading" className="space-y-4">
              <h2 id="sms-outbox-heading" className="text-xl font-semibold">
                Texts sent
              </h2>
              <p role="status" className="text-sm text-slate-600">
                {texts.length === 0
                  ? "No texts yet."
                  : `${texts.length} ${texts.length === 1 ? "text" : "texts"}, newest first (the latest 50).`}
              </p>
              {texts.length === 0 ? (
                <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-6">
                  <MessageSquare className="h-8 w-8 text-slate-400" aria-hidden />
                  <p className="text-slate-700">
                    Add a number under SMS Alerts on a Premium publisher's dashboard (the Alerts tab): its
                    code is texted here, and so are its alerts and the answers to its replies.
                  </p>
                </div>
              ) : (
                <SmsOutboxList texts={texts} />
              )}
            </section>
          </>
        )}
      </QueryState>
    </DevToolsLayout>
  );
}
