/** The empty state of a list: said plainly, in a live region. */
export function EmptyList({ message }: { message: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-10 text-center">
      <p role="status" className="text-slate-700">
        {message}
      </p>
    </div>
  );
}

/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="space-y-3">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="h-28 animate-pulse rounded-lg bg-slate-200" />
      ))}
    </div>
  );
}
