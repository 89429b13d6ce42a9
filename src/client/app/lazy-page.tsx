import { type ComponentType, type FunctionComponent, use } from "react";

// Each page is its own chunk (route-level code splitting), so a visitor downloads only the code of the
// pages they open. React.lazy would do, but for one thing: a page the server drew must be in place
// before the browser hydrates it, or React sees the chunk missing, keeps the server's markup and
// hydrates it again later (and a change arriving meanwhile makes it throw that markup away). A page
// loaded ahead with `preload` renders at once; one that is not suspends until its chunk is in, as lazy.

/** React's own marks on a promise it reads (`use`): set here, so it reads a settled one at once. */
type Marked<T> = Promise<T> & { status?: "fulfilled" | "rejected"; value?: T; reason?: unknown };

export type LazyPage = FunctionComponent & {
  /** Loads the page's chunk (once); resolves when it is in. */
  preload(): Promise<void>;
};

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let page: Promise<ComponentType> | undefined;
  const loadPage = () => {
    if (!page) {
      const loading: Marked<ComponentType> = load().then((module) => module.default);
      loading.then(
        (value) => {
          loading.status = "fulfilled";
          loading.value = value;
        },
        (reason: unknown) => {
          loading.status = "rejected";
          loading.reason = reason;
        },
      );
      page = loading;
    }
    return page;
  };
  function Page() {
    const Component = use(loadPage());
    return <Component />;
  }
  Page.preload = () => loadPage().then(() => undefined);
  return Page;
}
