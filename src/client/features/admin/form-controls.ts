// Classes of the native controls the admin forms use beside components/ui's Input (the same look).

export const selectClass =
  "h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm aria-[invalid=true]:border-red-600";

export const textareaClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm placeholder:text-slate-500 aria-[invalid=true]:border-red-600";
