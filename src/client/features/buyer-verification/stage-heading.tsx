import { type ReactNode, useEffect, useRef } from "react";

/**
 * A stage's heading. Once the buyer's own step has moved them on (domain proven, code confirmed, sent),
 * it takes the focus, so keyboard and screen reader users land on what to do next instead of on the
 * page's top, where the button that went away left them.
 */
export function StageHeading({ autoFocus, children }: { autoFocus: boolean; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);
  return (
    <h3 ref={ref} tabIndex={-1} className="text-base font-semibold outline-none">
      {children}
    </h3>
  );
}
