import { Link } from "wouter";
import { usePublicConfig } from "../config";

const FOOTER_LINKS = [
  { href: "/browse", label: "Browse Buyers" },
  { href: "/pricing", label: "Pricing" },
  { href: "/privacy-policy", label: "Privacy Policy" },
  { href: "/terms-of-service", label: "Terms of Service" },
] as const;

export function SiteFooter() {
  const { data: config } = usePublicConfig();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
        {/* The year the browser reads may be the next one already (a server-drawn page sent on New Year's
            Eve, a time zone ahead): that one text may differ from the server's. */}
        <p suppressHydrationWarning>
          © {new Date().getFullYear()} {config?.appName}
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="hover:text-slate-900 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
