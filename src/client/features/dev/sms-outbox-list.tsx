import { formatDateTime, formatUsPhone } from "../../../shared/format";
import type { OutboxSms } from "../../../shared/schemas/sms";

/** The development outbox's texts, newest first. */
export function SmsOutboxList({ texts }: { texts: OutboxSms[] }) {
  return (
    <ol className="space-y-3" aria-label="Texts, newest first">
      {texts.map((text) => (
        <li key={text.id} className="space-y-1 rounded-lg border border-slate-200 bg-white p-4">
          <p className="flex flex-wrap justify-between gap-x-4 gap-y-1 text-sm text-slate-600">
            <span>
              To <span className="font-medium text-slate-900">{formatUsPhone(text.to)}</span>
            </span>
            <time dateTime={text.createdAt}>{formatDateTime(text.createdAt)}</time>
          </p>
          <p className="whitespace-pre-wrap break-words text-slate-900">{text.body}</p>
        </li>
      ))}
    </ol>
  );
}
