import { AlertTriangle } from "lucide-react";
import {
  type ApprovalWarning,
  approvalWarnings,
  type ReviewPublisher,
} from "../../../shared/schemas/admin-publishers";
import { describeApprovalWarning } from "./admin-format";

/**
 * What an administrator should know before approving an application (an unverified domain, another
 * application for the same website), said the same way in the list, the details and the approve
 * confirmation. Nothing is drawn when there is nothing to say.
 */
export function ApprovalWarningList({
  publisher,
  title = "Before you approve",
}: {
  publisher: Pick<ReviewPublisher, "domainVerifiedAt" | "website" | "sameWebsite">;
  title?: string;
}) {
  const warnings: ApprovalWarning[] = approvalWarnings(publisher);
  if (warnings.length === 0) return null;
  // Not a landmark: every pending card has one with the same title, and a page of same-named landmarks
  // gives a screen reader's landmark list nothing to tell apart.
  return (
    <div className="space-y-1.5 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-semibold">{title}</p>
      <ul className="space-y-1.5">
        {warnings.map((warning) => (
          <li key={warning.code} className="flex gap-2">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden />
            <span className="min-w-0 break-words">{describeApprovalWarning(warning)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
