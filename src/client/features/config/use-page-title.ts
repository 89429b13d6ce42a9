import { useEffect } from "react";
import { DEFAULT_APP_NAME } from "../../../shared/constants";
import { formatDocumentTitle } from "../../../shared/routes";
import { usePublicConfig } from "./use-public-config";

/**
 * Sets the document title to `title · app name` (null: the app name alone) with the configured name.
 * `undefined` leaves the title as it is: a page passes its data's title, which is undefined until loaded,
 * and the route's title (src/client/app/app.tsx) stands until then.
 */
export function usePageTitle(title: string | null | undefined): void {
  const { data: config } = usePublicConfig();
  const text =
    title === undefined ? undefined : formatDocumentTitle(title, config?.appName ?? DEFAULT_APP_NAME);
  useEffect(() => {
    if (text !== undefined) document.title = text;
  }, [text]);
}
