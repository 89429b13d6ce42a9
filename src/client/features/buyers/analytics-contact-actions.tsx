import type { ContactActions } from "../../../shared/schemas/analytics";

const KINDS = [
  { key: "email", label: "Emails" },
  { key: "call", label: "Calls" },
  { key: "copyEmail", label: "Email copied" },
  { key: "copyPhone", label: "Phone copied" },
] as const;

/**
 * What publishers did after a reveal, by kind: a mail or call link followed, the address or the number
 * copied (each counted once a minute per publisher, listing and kind). A followed link says a mail or a
 * call was started, not that it was sent or answered.
 */
export function ContactActionCounts({ actions }: { actions: ContactActions }) {
  return (
    <section aria-labelledby="contact-actions-heading" className="space-y-2">
      <h3 id="contact-actions-heading" className="text-sm font-medium text-slate-800">
        Contact actions
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {KINDS.map((k) => (
          <div key={k.key} className="rounded-md border border-slate-200 p-3">
            <dt className="text-xs font-medium text-slate-600">{k.label}</dt>
            <dd className="text-xl font-bold tabular-nums">{actions[k.key]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
