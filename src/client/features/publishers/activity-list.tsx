import {
  BadgeCheck,
  CircleSlash,
  FileCheck2,
  Globe,
  History,
  type LucideIcon,
  Pencil,
  Send,
  UserPlus,
} from "lucide-react";
import { formatDate } from "../../../shared/format";
import type { ActivityEntry, ActivityKind } from "../../../shared/schemas/publisher";

const ACTIVITY_TEXT: Record<ActivityKind, { title: string; icon: LucideIcon; tone: string }> = {
  account_created: { title: "Account created", icon: UserPlus, tone: "text-slate-600" },
  profile_created: { title: "Profile submitted for review", icon: Send, tone: "text-brand-600" },
  compliance_submitted: { title: "Compliance completed", icon: FileCheck2, tone: "text-green-700" },
  domain_verified: { title: "Domain verified", icon: Globe, tone: "text-green-700" },
  profile_updated: { title: "Profile updated", icon: Pencil, tone: "text-slate-600" },
  approved: { title: "Profile approved", icon: BadgeCheck, tone: "text-green-700" },
  rejected: { title: "Profile rejected", icon: CircleSlash, tone: "text-red-700" },
  other: { title: "Account activity", icon: History, tone: "text-slate-600" },
};

function detailText(entry: ActivityEntry): string | null {
  if (!entry.detail) return null;
  if (entry.kind === "rejected" || entry.kind === "approved") return `Reason: ${entry.detail}`;
  return entry.detail;
}

/** Real events, newest first: the profile's audit trail and the account's creation. */
export function ActivityList({ entries, limit }: { entries: ActivityEntry[]; limit?: number }) {
  const shown = limit ? entries.slice(0, limit) : entries;
  if (shown.length === 0) return <p className="text-sm text-slate-600">No activity yet.</p>;
  return (
    <ol className="space-y-4">
      {shown.map((entry) => {
        const text = ACTIVITY_TEXT[entry.kind];
        const detail = detailText(entry);
        return (
          <li key={entry.id} className="flex gap-3">
            <text.icon className={`mt-0.5 h-5 w-5 shrink-0 ${text.tone}`} aria-hidden />
            <div className="min-w-0">
              <p className="text-sm font-medium">
                {text.title}
                {entry.actor === "admin" && (
                  <span className="font-normal text-slate-600"> by an administrator</span>
                )}
              </p>
              {detail && <p className="break-words text-sm text-slate-700">{detail}</p>}
              <p className="text-xs text-slate-600">
                <time dateTime={entry.at}>{formatDate(entry.at)}</time>
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
