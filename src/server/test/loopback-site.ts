import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A real HTTP server on 127.0.0.1 standing in for a publisher's website (domain verification tests).
// Each test sets the pages it needs; `requests` records what reached the server (path and Host header).

type PageHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface LoopbackSite {
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  requests: { path: string; host: string | undefined }[];
  /** Serves `handler` (or this HTML with status 200) at `path`. */
  setPage(path: string, handler: PageHandler | string): void;
  clear(): void;
  close(): Promise<void>;
}

export async function startLoopbackSite(): Promise<LoopbackSite> {
  const pages = new Map<string, PageHandler>();
  const requests: LoopbackSite["requests"] = [];
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0]!;
    requests.push({ path, host: request.headers.host });
    const handler = pages.get(path);
    if (handler) return handler(request, response);
    response.writeHead(404, { "content-type": "text/plain" }).end("not here");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    setPage(path, handler) {
      pages.set(
        path,
        typeof handler === "string"
          ? (_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(handler)
          : handler,
      );
    },
    clear() {
      pages.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A homepage with the verification tag written as given in its <head>. */
export function pageWithHead(head: string, body = "<p>Welcome</p>"): string {
  return `<!doctype html><html><head><title>Calls</title>${head}</head><body>${body}</body></html>`;
}
