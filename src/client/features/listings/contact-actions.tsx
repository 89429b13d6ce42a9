import { Copy, Mail, Phone } from "lucide-react";
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

/**
 * What "Contact Buyer" opens once the contact is revealed: write (mailto:), call (tel:), or copy the
 * address or the number. Each is reported for the buyer's analytics; a copy the browser refused did not
 * happen, so it is not reported, and the viewer is told to copy by hand.
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
  const copy = async (value: string, noun: string, kind: "copy_email" | "copy_phone") => {
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
    <section aria-label="Contact actions" className="flex flex-wrap gap-2">
      {email && (
        <>
          <Button asChild>
            <a href={contactMailtoHref(email, listingTitle)} onClick={() => record("email")}>
              <Mail className="h-4 w-4" aria-hidden />
              Email buyer
            </a>
          </Button>
          <Button variant="secondary" onClick={() => copy(email, "email address", "copy_email")}>
            <Copy className="h-4 w-4" aria-hidden />
            Copy email
          </Button>
        </>
      )}
      {phone && (
        <>
          <Button asChild>
            <a href={telHref(phone)} onClick={() => record("call")}>
              <Phone className="h-4 w-4" aria-hidden />
              Call buyer
            </a>
          </Button>
          <Button variant="secondary" onClick={() => copy(phone, "phone number", "copy_phone")}>
            <Copy className="h-4 w-4" aria-hidden />
            Copy phone
          </Button>
        </>
      )}
    </section>
  );
}
