import { type ReactNode, useEffect, useRef } from "react";

/**
 * A state's heading. After the user's own step (verified, turned off) it takes the focus, so keyboard and
 * screen reader users land on the new state instead of the page's top, where the removed button left them.
 */
export function StateHeading({
  icon,
  autoFocus,
  children,
}: {
  icon?: ReactNode;
  autoFocus: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);
  return (
    <h3 ref={ref} tabIndex={-1} className="flex items-center gap-2 text-base font-semibold outline-none">
      {icon}
      {children}
    </h3>
  );
}
