import { useEffect, useState } from "react";
import { csvNamesBuyers } from "../../../shared/schemas/listing-import";

/** Enough of a file to read its first line (a header, or the first row). */
const HEAD_BYTES = 64 * 1024;

/**
 * Whether the chosen file or pasted text names its rows' buyers (a buyerEmail column): null while a
 * file's start is being read, or with nothing chosen.
 */
export function useNamesBuyers(file: File | null, text: string): boolean | null {
  const [fromFile, setFromFile] = useState<{ file: File; names: boolean } | null>(null);
  useEffect(() => {
    if (!file) return;
    let current = true;
    file
      .slice(0, HEAD_BYTES)
      .text()
      .then(
        (head) => current && setFromFile({ file, names: csvNamesBuyers(head) }),
        // Unreadable here: the server reads it and says what is wrong.
        () => current && setFromFile({ file, names: true }),
      );
    return () => {
      current = false;
    };
  }, [file]);
  if (file) return fromFile?.file === file ? fromFile.names : null;
  return text.trim() ? csvNamesBuyers(text) : null;
}
