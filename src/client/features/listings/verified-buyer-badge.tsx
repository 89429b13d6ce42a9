import { BadgeCheck } from "lucide-react";
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import type { VerifiedBadge } from "../../../shared/schemas/buyer-verification";
import { useFormatDate } from "../../lib/use-hydrated";

const METHOD_LABELS = { dns: "a DNS TXT record", meta: "a meta tag on its homepage" } as const;

/** What the badge means, in one sentence: the card's explanation. */
function describeVerifiedBuyer(since: string, formatDate: (value: string) => string): string {
  return `Verified since ${formatDate(since)}: domain, work email and an administrator's review checked`;
}

/**
 * "Verified buyer", a button that opens what was checked and when: a small panel under it rather than
 * a hover tooltip, so keyboard and touch users can read it too. Escape or a click elsewhere closes it,
 * and Escape puts the focus back on the badge.
 */
function BadgeExplainer({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLSpanElement>(null);
  // Under the badge, moved left as far as it must be to stay on a narrow screen (a badge far right).
  const [shift, setShift] = useState(0);
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      if (!panel.current || !root.current) return;
      const left = root.current.getBoundingClientRect().left;
      const width = panel.current.offsetWidth;
      const room = document.documentElement.clientWidth - 8;
      setShift(Math.min(0, room - (left + width)));
    };
    place();
    window.addEventListener("resize", place);
    return () => window.removeEventListener("resize", place);
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const inside = root.current?.contains(document.activeElement);
      setOpen(false);
      if (inside) button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  return (
    <span ref={root} className="relative inline-flex">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-1 rounded-full border border-green-200 bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900 hover:bg-green-200"
      >
        <BadgeCheck className="h-3.5 w-3.5" aria-hidden />
        Verified buyer
      </button>
      <span
        ref={panel}
        id={panelId}
        hidden={!open}
        style={{ left: shift }}
        data-testid="verified-buyer-explanation"
        className="absolute top-full z-20 mt-1.5 block w-64 max-w-[calc(100vw-1rem)] rounded-md border border-slate-200 bg-white p-3 text-left text-xs font-normal text-slate-800 shadow-lg"
      >
        {children}
      </span>
    </span>
  );
}

/** The card's badge: since when, and the three checks behind it. */
export function VerifiedBuyerBadge({ since }: { since: string }) {
  const formatDate = useFormatDate();
  return <BadgeExplainer>{describeVerifiedBuyer(since, formatDate)}.</BadgeExplainer>;
}

/** The listing page's badge: the same, with each check's date and the badge's end. */
export function VerifiedBuyerDetailBadge({ badge }: { badge: VerifiedBadge }) {
  const formatDate = useFormatDate();
  return (
    <BadgeExplainer>
      <span className="block">{describeVerifiedBuyer(badge.since, formatDate)}.</span>
      <span className="mt-1 block">
        Domain proven by {METHOD_LABELS[badge.domainMethod]} on {formatDate(badge.domainVerifiedAt)}.
      </span>
      <span className="block">Work email confirmed on {formatDate(badge.emailVerifiedAt)}.</span>
      <span className="block">Approved by an administrator on {formatDate(badge.reviewedAt)}.</span>
      <span className="mt-1 block text-slate-600">Good until {formatDate(badge.until)}.</span>
    </BadgeExplainer>
  );
}
