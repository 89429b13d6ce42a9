import { Copy, Mail, Phone } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import type { ListingContact } from "../../../shared/schemas/listings";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { useRecordContactAction } from "./use-listings";

/**
 * The subject a publisher's mail to a buyer starts with: it names the listing, so the buyer knows which
 * of their offers the mail is about. encodeURIComponent, not URLSearchParams: mail clients read "+" as a plus.
 */
function contactMailtoHref(email: string, listingTitle: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(`Calls for your listing: ${listingTitle}`)}`;
}

/** A dialable link: only digits and a leading "+" (a number is stored as typed, "(555) 404-0001"). */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

type CopyKind = "copy_email" | "copy_phone";

/**
 * What "Contact Buyer" opens once the contact is revealed: write (mailto:), call (tel:), or copy the
 * address or the number. Each is reported for the buyer's analytics; a copy the browser refused did not
 * happen, so it is not reported, and the viewer is told to copy by hand. It appears in place of the
 * button that revealed it, so the first action takes the focus that button had.
 */
export function ContactActions({
  listingId,
  listingTitle,
  contact,
}: {
  listingId: string;
  listingTitle: string;
  contact: ListingContact;
}) {
  const record = useRecordContactAction(listingId);
  const region = useRef<HTMLElement>(null);
  useEffect(() => region.current?.querySelector<HTMLElement>("a, button")?.focus(), []);
  const copy = async (value: string, noun: string, kind: CopyKind) => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      toast({
        title: `Copy the ${noun}`,
        description: `Select the ${noun} above and copy it with your keyboard.`,
      });
      return;
    }
    record(kind);
    toast({ title: "Copied", description: `The ${noun} is on your clipboard.` });
  };
  const { email, phone } = contact;
  if (!email && !phone) {
    return (
      <p className="text-sm text-slate-600">The buyer has not given an email address or a phone number.</p>
    );
  }
  return (
    <section ref={region} aria-label="Contact actions" className="flex flex-wrap gap-2">
      {email && (
        <Channel
          href={contactMailtoHref(email, listingTitle)}
          icon={<Mail className="h-4 w-4" aria-hidden />}
          label="Email buyer"
          onFollow={() => record("email")}
          copyLabel="Copy email"
          onCopy={() => copy(email, "email address", "copy_email")}
        />
      )}
      {phone && (
        <Channel
          href={telHref(phone)}
          icon={<Phone className="h-4 w-4" aria-hidden />}
          label="Call buyer"
          onFollow={() => record("call")}
          copyLabel="Copy phone"
          onCopy={() => copy(phone, "phone number", "copy_phone")}
        />
      )}
    </section>
  );
}

/** One way to reach the buyer: its link (mail or phone program), and a copy of the value. */
function Channel({
  href,
  icon,
  label,
  onFollow,
  copyLabel,
  onCopy,
}: {
  href: string;
  icon: ReactNode;
  label: string;
  onFollow: () => void;
  copyLabel: string;
  onCopy: () => void;
}) {
  return (
    <>
      <Button asChild>
        <a href={href} onClick={onFollow}>
          {icon}
          {label}
        </a>
      </Button>
      <Button variant="secondary" onClick={onCopy}>
        <Copy className="h-4 w-4" aria-hidden />
        {copyLabel}
      </Button>
    </>
  );
}
