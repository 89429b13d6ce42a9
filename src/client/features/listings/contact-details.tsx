import { ExternalLink, Lock, type LucideIcon, Mail, Phone } from "lucide-react";
import type { ReactNode } from "react";
import type { ListingContact } from "../../../shared/schemas/listings";

const LINK_CLASS = "text-brand-700 underline-offset-2 hover:underline";

function ContactRow({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-2">
      <Icon className="h-4 w-4 shrink-0 text-slate-600" aria-hidden />
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0 truncate">{children}</dd>
    </div>
  );
}

/** The contact as the server sent it (Premium, admin or owner). */
export function ContactDetails({ contact }: { contact: ListingContact }) {
  return (
    <dl className="space-y-1.5 text-sm [overflow-wrap:anywhere]">
      <div>
        <dt className="sr-only">Company</dt>
        <dd className="font-medium">{contact.company}</dd>
      </div>
      {contact.email && (
        <ContactRow icon={Mail} label="Email">
          <a className={LINK_CLASS} href={`mailto:${contact.email}`}>
            {contact.email}
          </a>
        </ContactRow>
      )}
      {contact.phone && (
        <ContactRow icon={Phone} label="Phone">
          <a className={LINK_CLASS} href={`tel:${contact.phone}`}>
            {contact.phone}
          </a>
        </ContactRow>
      )}
      {contact.applicationUrl && (
        <ContactRow icon={ExternalLink} label="Application">
          <a className={LINK_CLASS} href={contact.applicationUrl} target="_blank" rel="noopener noreferrer">
            Apply to this buyer
          </a>
        </ContactRow>
      )}
    </dl>
  );
}

/**
 * What non-premium viewers get: the server sent `contact: null`, so this is a drawn placeholder, never
 * the real values under a blur: contacts are masked on the server, so they never reach the page.
 */
export function MaskedContact() {
  return (
    <div className="relative">
      <div aria-hidden className="select-none space-y-1.5 text-sm blur-sm">
        <p className="font-medium">Buyer Company LLC</p>
        <p>partners@buyer-company.com</p>
        <p>(555) 555-0100</p>
      </div>
      <p className="absolute inset-0 flex items-center justify-center gap-1.5 text-sm font-medium text-slate-800">
        <Lock className="h-4 w-4" aria-hidden />
        Contact details are masked
      </p>
    </div>
  );
}
