import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { cn } from "../../lib/cn";

/** The admin screens, in the order of the admin menu. */
const ADMIN_SCREENS = [
  { href: "/admin/dashboard", label: "Dashboard" },
  { href: "/admin/publishers", label: "Publishers" },
  { href: "/admin/buyers", label: "Buyers" },
  { href: "/admin/verifications", label: "Verifications" },
  { href: "/admin/users", label: "Users" },
  { href: "/admin/audit", label: "Audit Log" },
  { href: "/admin/mail", label: "Failed Mail" },
] as const;

function AdminNav() {
  const [path] = useLocation();
  return (
    <nav aria-label="Admin">
      <ul className="flex flex-wrap gap-1 border-b border-slate-200 pb-2">
        {ADMIN_SCREENS.map((screen) => {
          const current = path === screen.href;
          return (
            <li key={screen.href}>
              <Link
                href={screen.href}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "inline-block rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100",
                  current && "bg-brand-50 text-brand-700",
                )}
              >
                {screen.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The frame of every admin screen: its heading, what it is for, its actions, and the admin menu. */
export function AdminLayout({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <AdminNav />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          <p className="text-slate-600">{description}</p>
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </header>
      {children}
    </main>
  );
}
