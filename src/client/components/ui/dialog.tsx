import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ComponentProps, type HTMLAttributes, useRef } from "react";
import { cn } from "../../lib/cn";

export const Dialog = DialogPrimitive.Root;

/**
 * Escape belongs to an open list inside the dialog (a combobox's) before the dialog: Radix hears Escape on
 * the document, ahead of the field's own handler, so without this one press would close the whole dialog.
 */
function isInOpenList(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[role="combobox"][aria-expanded="true"]') !== null;
}

export function DialogContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onEscapeKeyDown,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  // Radix gives the focus back to a DialogTrigger only; our dialogs open from state (a button's click, a
  // row's action), so without this keyboard and screen-reader users were left on the page's body. What
  // had the focus as the dialog opened gets it back, unless the caller placed it (preventDefault) or the
  // element has gone.
  const opener = useRef<Element | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <DialogPrimitive.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg bg-white p-6 shadow-lg",
          className,
        )}
        onOpenAutoFocus={(event) => {
          opener.current = document.activeElement;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const element = opener.current;
          opener.current = null;
          if (event.defaultPrevented || !(element instanceof HTMLElement) || !element.isConnected) return;
          event.preventDefault();
          element.focus();
        }}
        onEscapeKeyDown={(event) => {
          onEscapeKeyDown?.(event);
          if (isInOpenList(event.target)) event.preventDefault();
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          aria-label="Close"
          className="absolute right-4 top-4 rounded p-1 text-slate-600 hover:text-slate-900"
        >
          <X className="h-4 w-4" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex flex-col gap-1.5", className)} {...props} />;
}
export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />
  );
}
export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-lg font-semibold", className)} {...props} />;
}
export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-slate-600", className)} {...props} />;
}
