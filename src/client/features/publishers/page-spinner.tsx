import { Loader2 } from "lucide-react";

/** The spinner shown while a publisher page loads (QueryState speaks the label). */
export function PageSpinner() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Loader2 className="h-8 w-8 animate-spin text-brand-600" />
    </div>
  );
}
