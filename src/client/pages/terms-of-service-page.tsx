import { Skeleton } from "../components/ui/skeleton";
import { usePublicConfig } from "../features/config/use-public-config";
import { LegalPage } from "../features/legal/legal-page";

interface Section {
  title: string;
  paragraphs: string[];
  items?: string[];
}

// The thirteen numbered sections of the terms. Registration, both sides' regulatory duties (TCPA
// consent, Do Not Call lists, record keeping), the buyers' obligations, prohibited uses, fees billed in
// advance and not refunded, suspension and notice of changes are what the terms must state.
function sectionsFor(product: string): Section[] {
  return [
    {
      title: "Acceptance of Terms",
      paragraphs: [
        `By creating an account or using ${product} you agree to these Terms of Service and to our Privacy Policy. If you do not agree, do not use the service.`,
      ],
    },
    {
      title: "Description of Service",
      paragraphs: [
        `${product} is a directory where publishers of pay-per-call traffic find buyers of calls and leads, compare payouts and requirements, and, with a Premium subscription, see buyer contact details.`,
      ],
    },
    {
      title: "User Accounts",
      paragraphs: [
        "You must register an account to use signed-in features. Keep your sign-in details secure, give accurate information, and tell us at once about any unauthorized use. You are responsible for activity under your account.",
      ],
    },
    {
      title: "Regulatory Compliance",
      paragraphs: [
        "Publishers and buyers alike commit to complying with every law that applies to them, including:",
      ],
      items: [
        "obtaining valid consent under the Telephone Consumer Protection Act (TCPA) before any call or text;",
        "honouring the National Do Not Call Registry and internal Do Not Call lists;",
        "giving accurate information about the source and nature of traffic;",
        "keeping records of consent and compliance for as long as the law requires.",
      ],
    },
    {
      title: "Buyer Obligations",
      paragraphs: ["Buyers must:"],
      items: [
        "give accurate campaign requirements, payouts and terms in their listings;",
        "pay publishers according to the terms agreed with them;",
        "hold every licence and registration their business and vertical require.",
      ],
    },
    {
      title: "Prohibited Activities",
      paragraphs: ["You may not:"],
      items: [
        "use the service for any unlawful purpose;",
        "send or sell fraudulent, incentivized-without-disclosure or otherwise misrepresented traffic;",
        "send spam or unsolicited messages to other users;",
        "upload viruses or other malicious code;",
        "circumvent, probe or disable security features or access controls.",
      ],
    },
    {
      title: "Subscription and Payment",
      paragraphs: [
        "Subscription fees are billed in advance for each billing period. They are non-refundable except where the law requires a refund or our refund policy provides one.",
        "We give at least 30 days notice of any price change before it applies to you.",
      ],
    },
    {
      title: "Intellectual Property",
      paragraphs: [
        `The service, its design and its software belong to ${product} and its licensors. You keep ownership of the content you submit and give us the licence needed to show it in the service.`,
      ],
    },
    {
      title: "Disclaimer of Warranties",
      paragraphs: [
        "The service is provided as is. We check buyers and publishers with care but do not guarantee any listing, payout, volume or business outcome.",
      ],
    },
    {
      title: "Limitation of Liability",
      paragraphs: [
        "To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability is limited to the fees you paid us in the twelve months before the claim.",
      ],
    },
    {
      title: "Termination",
      paragraphs: [
        "We may terminate or suspend your account without notice, including for a breach of these terms. You may close your account at any time.",
      ],
    },
    {
      title: "Changes to Terms",
      paragraphs: [
        "We may change these terms. We give notice of changes by email or in the service; continuing to use the service after a change takes effect means you accept it.",
      ],
    },
    {
      title: "Contact Information",
      paragraphs: ["Questions about these terms go to our legal team:"],
    },
  ];
}

function LegalContact() {
  const { data: config, isError } = usePublicConfig();
  if (isError) {
    return <p className="text-red-700">The contact details could not be loaded. Please reload the page.</p>;
  }
  if (!config) return <Skeleton className="h-12 w-64" />;
  return (
    <address className="not-italic text-slate-700" data-testid="legal-contact">
      <a href={`mailto:${config.legalEmail}`} className="font-medium text-brand-600 underline">
        {config.legalEmail}
      </a>
      <span className="block whitespace-pre-line">{config.legalAddress}</span>
    </address>
  );
}

export default function TermsOfServicePage() {
  const { data: config } = usePublicConfig();
  const sections = sectionsFor(config?.appName ?? "the service");
  return (
    <LegalPage title="Terms of Service">
      {sections.map((section, index) => (
        <li key={section.title}>
          <h2 className="text-xl font-semibold">
            {index + 1}. {section.title}
          </h2>
          {section.paragraphs.map((text) => (
            <p key={text} className="mt-3 text-slate-700">
              {text}
            </p>
          ))}
          {section.items && (
            <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          {index === sections.length - 1 && (
            <div className="mt-3">
              <LegalContact />
            </div>
          )}
        </li>
      ))}
    </LegalPage>
  );
}
