import { BadgeCheck, EyeOff } from "lucide-react";
import type { ReactNode } from "react";
import type { Review } from "../../../shared/schemas/reviews";
import { Badge } from "../../components/ui/badge";
import { useFormatDate } from "../../lib/use-hydrated";
import { Stars } from "./stars";

/**
 * One review: stars, who and when, the verified-deal mark, the comment, the buyer's reply, and (for the
 * few who may see a hidden review) why an administrator hid it. `heading` names the review (the listing
 * or the other party, in a workspace); `children` adds actions.
 */
export function ReviewItem({
  review,
  heading,
  children,
}: {
  review: Review;
  heading?: ReactNode;
  children?: ReactNode;
}) {
  const titleId = `review-${review.id}`;
  const formatDate = useFormatDate();
  return (
    <li aria-labelledby={titleId} className="space-y-2 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={titleId} className="text-sm font-semibold">
          {heading ?? review.reviewer}
        </h3>
        <Stars rating={review.rating} />
        {review.verifiedDeal && (
          <Badge tone="green">
            <BadgeCheck className="h-3 w-3" aria-hidden />
            Verified deal
          </Badge>
        )}
        {review.hidden && (
          <Badge tone="grey">
            <EyeOff className="h-3 w-3" aria-hidden />
            Hidden
          </Badge>
        )}
        <time dateTime={review.createdAt} className="text-xs text-slate-600">
          {formatDate(review.createdAt)}
        </time>
      </div>
      {review.comment ? (
        <p className="whitespace-pre-line break-words text-sm text-slate-800">{review.comment}</p>
      ) : (
        <p className="text-sm italic text-slate-600">No comment.</p>
      )}
      {review.reply && (
        <div className="ml-4 rounded-md border-l-4 border-slate-200 bg-slate-50 p-3 text-sm">
          <p className="text-xs font-medium text-slate-600">
            The buyer's reply · {formatDate(review.reply.createdAt)}
          </p>
          <p className="whitespace-pre-line break-words text-slate-800">{review.reply.body}</p>
        </div>
      )}
      {review.hidden && (
        <p className="text-sm text-slate-700">
          Hidden by an administrator on {formatDate(review.hidden.at)}: {review.hidden.reason}. It does not
          count in the rating or the reliability score.
        </p>
      )}
      {children}
    </li>
  );
}
