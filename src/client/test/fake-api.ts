import { vi } from "vitest";

// The app's API as one test answers it: `fetch` (which lib/api.ts calls) is replaced by a stand-in that
// looks each call up by "METHOD /path" and answers with the status and JSON body the test gave. Nothing
// leaves the process, and a call the test did not answer fails the test (setup.ts) instead of showing up
// as a vague "Something went wrong" on screen.

/** A call the screen made: the path without its query (kept in `url`), and the body it sent. */
interface ApiCall {
  method: string;
  path: string;
  url: URL;
  /** JSON bodies parsed; a file (Blob) as it was sent; undefined without a body. */
  body: unknown;
}

export interface ApiReply {
  /** 200 unless given. */
  status?: number;
  /** Sent as JSON; left out, the answer has no body. */
  body?: unknown;
}

type Answer = ApiReply | ((call: ApiCall) => ApiReply | Promise<ApiReply>);

/** "METHOD /path" the routes are keyed by, e.g. "POST /api/sms/phone". */
type Route = `${"GET" | "POST" | "PUT" | "PATCH" | "DELETE"} /${string}`;

let unanswered: string[] = [];

/** The calls no route answered since the last look, emptied as it is read. */
export function takeUnansweredCalls(): string[] {
  const calls = unanswered;
  unanswered = [];
  return calls;
}

async function readBody(body: BodyInit | null | undefined): Promise<unknown> {
  if (body === undefined || body === null) return undefined;
  if (typeof body !== "string") return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

function toResponse({ status = 200, body }: ApiReply): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/**
 * Answers the app's API for the rest of this test. `routes` maps "METHOD /path" to a reply, or to a
 * function of the call that returns one (to answer by the body sent, or differently the second time).
 */
export function fakeApi(routes: Partial<Record<Route, Answer>> = {}) {
  const answers = new Map<string, Answer>(Object.entries(routes) as [Route, Answer][]);
  const calls: ApiCall[] = [];

  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const method = (init?.method ?? "GET").toUpperCase();
    const call = { method, path: url.pathname, url, body: await readBody(init?.body) };
    calls.push(call);
    const answer = answers.get(`${method} ${url.pathname}`);
    if (!answer) {
      unanswered.push(`${method} ${url.pathname}${url.search}`);
      throw new TypeError(`No answer for ${method} ${url.pathname} in this test`);
    }
    return toResponse(typeof answer === "function" ? await answer(call) : answer);
  });

  return {
    /** Every call made so far, in order. */
    calls,
    /** The calls made to one route, in order. */
    callsTo: (route: Route) => calls.filter((call) => `${call.method} ${call.path}` === route),
    /** Answers a route from now on (replacing its answer, if it had one). */
    answer(route: Route, reply: Answer) {
      answers.set(route, reply);
    },
    /**
     * Keeps the route's calls waiting until `release(reply)` answers them: what the screen shows while a
     * request is in flight (a disabled button, "Saving...") can be looked at in between.
     */
    hold(route: Route) {
      let release: (reply: ApiReply) => void = () => {};
      const waiting = new Promise<ApiReply>((resolve) => {
        release = resolve;
      });
      answers.set(route, () => waiting);
      return { release: (reply: ApiReply = {}) => release(reply) };
    },
  };
}
