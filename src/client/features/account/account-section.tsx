import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { cn } from "../../lib/cn";

/**
 * One section of the Account page: a card with its heading (an h2 the in-page navigation links to by
 * `id`) and a one-line description.
 */
export function AccountSection({
  id,
  title,
  description,
  tone = "default",
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  /** "danger": the red frame of account deletion. */
  tone?: "default" | "danger";
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-20">
      <Card className={cn(tone === "danger" && "border-red-300")}>
        <CardHeader>
          {/* Focusable from script: focus lands here when an action removes the element that had it. */}
          <h2
            id={headingId}
            tabIndex={-1}
            className={cn("text-xl font-semibold outline-none", tone === "danger" && "text-red-800")}
          >
            {title}
          </h2>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}

/** The sections in page order, for the in-page navigation. */
export const ACCOUNT_SECTIONS = [
  { id: "summary", title: "Overview" },
  { id: "email", title: "Email address" },
  { id: "sessions", title: "Where you're signed in" },
  { id: "api-keys", title: "API keys" },
  { id: "webhooks", title: "Webhooks" },
  { id: "your-data", title: "Your data" },
  { id: "delete-account", title: "Delete account" },
] as const;

export type AccountSectionId = (typeof ACCOUNT_SECTIONS)[number]["id"];

export function sectionTitle(id: AccountSectionId): string {
  return ACCOUNT_SECTIONS.find((section) => section.id === id)?.title ?? id;
}
