import { usePublicConfig } from "../features/config/use-public-config";
import { LegalPage } from "../features/legal/legal-page";

export default function PrivacyPolicyPage() {
  const { data: config } = usePublicConfig();
  const product = config?.appName ?? "the service";
  const sections = [
    {
      title: "Information We Collect",
      body: [
        "Account information: your email address, name and profile picture when you sign in.",
        "Profile information you give us: company details, website, traffic sources, verticals, geographies, references and compliance statements.",
        "Usage information: pages viewed, searches, listings saved, contact details revealed, and whether you emailed, called or copied a revealed contact.",
        "Payment information is collected and held by our card payment provider; we never store card numbers.",
      ],
    },
    {
      title: "How We Use Your Information",
      body: [
        "To run the directory: show listings, review publisher applications and unlock contact details for Premium members.",
        "To send the alerts and service messages you ask for.",
        "To keep the platform safe, prevent fraud and meet our legal obligations.",
      ],
    },
    {
      title: "Information Sharing",
      body: [
        "We do not sell your personal information.",
        "Buyer contact details are shown to Premium members, as buyers agree when they list.",
        "We share data with service providers (hosting, email, payments) only as needed to run the service, and when the law requires it.",
      ],
    },
    {
      title: "Data Security",
      body: [
        "Data travels encrypted, sessions are kept on our servers, and access is limited to staff who need it.",
        "No system is perfectly secure; tell us at once if you believe your account has been compromised.",
      ],
    },
    {
      title: "TCPA Compliance",
      body: [
        "Pay-per-call is a regulated industry. Publishers acknowledge their obligations under the Telephone Consumer Protection Act, and we keep those acknowledgements as records.",
        "We do not use your information to place marketing calls or texts without your consent.",
      ],
    },
    {
      title: "Your Rights",
      body: [
        "You may access, correct or delete your personal information, and object to or restrict how we use it.",
        "You may download a copy of your data at any time from your Account page (Account in the menu once you are signed in): your account, profile, settings and records in one file, and, for buyers, your listings as a spreadsheet.",
        "You may delete your account at any time from the same page. Your listings, saved listings and searches, alert preferences and sessions are deleted at once.",
        "Reviews and disputes you took part in stay for the other party, shown as written by a “Former member”.",
        "We keep what the law requires for 5 years: TCPA compliance acknowledgments, SMS consent records and the audit log, without your contact details where the law allows.",
      ],
    },
    {
      title: "Changes to This Policy",
      body: [
        "We may update this policy. We tell you about significant changes by email or in the service before they take effect.",
      ],
    },
    {
      title: "Contact Us",
      body: config
        ? [`Questions about privacy: ${config.legalEmail}, ${config.legalAddress}.`]
        : ["Questions about privacy: see the contact details on our Terms of Service page."],
    },
  ];

  return (
    <LegalPage
      title="Privacy Policy"
      intro={`This policy explains what ${product} collects about you, why, and the choices you have.`}
    >
      {sections.map((section, index) => (
        <li key={section.title}>
          <h2 className="text-xl font-semibold">
            {index + 1}. {section.title}
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
            {section.body.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </li>
      ))}
    </LegalPage>
  );
}
