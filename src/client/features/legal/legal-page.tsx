import type { ReactNode } from "react";
import { Link } from "wouter";

const LEGAL_LAST_UPDATED = "January 11, 2025";

/** The frame of the legal pages: heading, last-updated date, numbered sections, link home. */
export function LegalPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">Last updated: {LEGAL_LAST_UPDATED}</p>
      {intro && <p className="mt-6 text-slate-700">{intro}</p>}
      <ol className="mt-8 space-y-8">{children}</ol>
      <p className="mt-10">
        <Link href="/" className="font-medium text-brand-600 underline">
          Back to Home
        </Link>
      </p>
    </main>
  );
}
