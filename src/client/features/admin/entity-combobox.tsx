import { Loader2, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";

// A searchable select (WAI-ARIA combobox with a list box): type to search on the server, arrows to move,
// Enter to choose, Escape to close. Used for a listing's owner and the audit log's user filter.

export interface ComboboxOption {
  id: string;
  label: string;
  description?: string;
}

interface OptionsQuery {
  data: ComboboxOption[] | undefined;
  isFetching: boolean;
  error: unknown;
}

const SEARCH_DELAY_MS = 250;

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export function EntityCombobox({
  id,
  selected,
  onSelect,
  useOptions,
  placeholder,
  clearLabel,
  "aria-invalid": ariaInvalid,
  "aria-describedby": ariaDescribedBy,
}: {
  id: string;
  /** The current choice, shown in the box while it is not being searched. */
  selected: ComboboxOption | null;
  onSelect: (option: ComboboxOption | null) => void;
  /** The search behind the list: called with the (debounced) text and whether the list is open. */
  useOptions: (search: string, enabled: boolean) => OptionsQuery;
  placeholder: string;
  /** When given, a button clears the choice (filters); a required field leaves it out. */
  clearLabel?: string;
  "aria-invalid"?: boolean | undefined;
  "aria-describedby"?: string | undefined;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const search = useDebounced(text, SEARCH_DELAY_MS);
  const options = useOptions(search, open);
  const items = options.data ?? [];

  const choose = (option: ComboboxOption) => {
    onSelect(option);
    setOpen(false);
    setText("");
  };
  const close = () => {
    setOpen(false);
    setText("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!open) setOpen(true);
      setActive((i) => Math.min(i + 1, Math.max(items.length - 1, 0)));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === "Enter" && open) {
      // Enter chooses; it must not submit the surrounding form.
      event.preventDefault();
      const option = items[active];
      if (option) choose(option);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  const activeId = open && items[active] ? `${listId}-${items[active].id}` : undefined;
  const status = options.isFetching
    ? "Searching…"
    : options.error
      ? errorMessage(options.error)
      : items.length === 0
        ? "No matches"
        : `${items.length} ${items.length === 1 ? "match" : "matches"}`;

  return (
    <div className="relative">
      <div className="relative">
        <Input
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-invalid={ariaInvalid}
          aria-describedby={ariaDescribedBy}
          autoComplete="off"
          placeholder={placeholder}
          className={cn(clearLabel && selected && "pr-10")}
          value={open ? text : (selected?.label ?? "")}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          // Focus (a dialog focuses its first field) keeps the choice on show; typing replaces it.
          onFocus={(event) => event.target.select()}
          onClick={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
        {clearLabel && selected && (
          <button
            type="button"
            aria-label={clearLabel}
            className="absolute right-2 top-2 rounded p-1 text-slate-600 hover:text-slate-900"
            onClick={() => onSelect(null)}
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        )}
      </div>
      {open && (
        <div className="absolute z-50 mt-1 w-full rounded-md border border-slate-200 bg-white shadow-lg">
          <p role="status" className="flex items-center gap-2 px-3 py-2 text-xs text-slate-600">
            {options.isFetching && <Loader2 className="h-3 w-3 animate-spin" aria-hidden />}
            {status}
          </p>
          <div id={listId} role="listbox" aria-label="Matches" className="max-h-60 overflow-y-auto py-1">
            {items.map((option, index) => (
              <div
                key={option.id}
                id={`${listId}-${option.id}`}
                role="option"
                // Focus stays in the input (aria-activedescendant points here); never a tab stop.
                tabIndex={-1}
                aria-selected={selected?.id === option.id}
                className={cn(
                  "cursor-pointer px-3 py-2 text-sm",
                  index === active && "bg-brand-50",
                  selected?.id === option.id && "font-semibold",
                )}
                // Chosen on mouse down: a click would blur the input (and close the list) first.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(option);
                }}
                onMouseEnter={() => setActive(index)}
              >
                <span className="block">{option.label}</span>
                {option.description && (
                  <span className="block text-xs text-slate-600">{option.description}</span>
                )}
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
