import { useEffect } from "react";
import { DEFAULT_APP_NAME } from "../../../shared/constants";
import type { PageHead } from "../../../shared/page-head";
import { usePublicConfig } from "../config";

/**
 * Sets the document title and the meta description to a head from src/shared/page-head.ts, the texts the
 * server already wrote into the page it sent, with the configured app name. `undefined` leaves both as
 * they are: a page passes its data's head, which is undefined until loaded, and the route's head
 * (src/client/app/app.tsx) stands until then.
 */
export function usePageHead(headFor: ((appName: string) => PageHead) | undefined): void {
  const { data: config } = usePublicConfig();
  const head = headFor?.(config?.appName ?? DEFAULT_APP_NAME);
  const title = head?.title;
  const description = head?.description;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    document.title = title;
    setMetaDescription(description);
  }, [title, description]);
}

function setMetaDescription(text: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "description";
    document.head.append(meta);
  }
  meta.content = text;
}
