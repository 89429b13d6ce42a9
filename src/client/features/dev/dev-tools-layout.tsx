import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { cn } from "../../lib/cn";

const TOOLS = [
  { href: "/dev/webhooks", label: "Webhook inbox" },
  { href: "/dev/sms", label: "SMS outbox" },
] as const;

/**
 * The frame of the development tools' pages: their title, what they are for, and a link to each other.
 * They work on a development server only; elsewhere their API answers 404 and the page says so.
 */
export function DevToolsLayout({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const [location] = useLocation();
  return (
    <main className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
      <header className="space-y-3">
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">Development tools</p>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="text-slate-600">{description}</p>
        <nav aria-label="Development tools">
          <ul className="flex flex-wrap gap-2">
            {TOOLS.map((tool) => {
              const current = location === tool.href;
              return (
                <li key={tool.href}>
                  <Link
                    href={tool.href}
                    aria-current={current ? "page" : undefined}
                    className={cn(
                      "inline-flex min-h-10 items-center rounded-md border px-3 text-sm font-medium",
                      current
                        ? "border-brand-600 bg-brand-600 text-white"
                        : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
                    )}
                  >
                    {tool.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </header>
      {children}
    </main>
  );
}

/** What the pages show where the development API answers 404: a production server, or not this machine. */
export function DevToolsUnavailable() {
  return (
    <div role="status" className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
      The development tools work only on a development server (<code>npm start</code> or{" "}
      <code>npm run dev</code>), opened in a browser on the machine it runs on.
    </div>
  );
}
