import { type ErrorCode, isErrorCode } from "../../shared/error-codes";

// The one fetch helper (docs/decisions/008-client-layers.md): every URL the client calls goes through
// `apiFetch` (or `apiRequest`, its body-only form). Cookies always, a JSON body only when there is a
// payload, and a refused request becomes an ApiError whose message is "STATUS: body" and which carries
// the status and the server's error code (src/shared/error-codes.ts), so callers decide on those, never
// on the text.

export class ApiError extends Error {
  /** The code from the `{message, code}` body; undefined when the body was not ours (a proxy's page). */
  readonly code: ErrorCode | undefined;
  /** The sentence a person may read: the body's `message`, else the status text. Never raw JSON. */
  readonly serverMessage: string;

  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    const parsed = parseErrorBody(body);
    this.code = parsed.code;
    this.serverMessage = parsed.message ?? statusText;
  }
}

function parseErrorBody(body: string): { message?: string; code?: ErrorCode } {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; code?: unknown } | null;
    return {
      message: typeof parsed?.message === "string" ? parsed.message : undefined,
      code: isErrorCode(parsed?.code) ? parsed.code : undefined,
    };
  } catch {
    return {};
  }
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  /** The answer's headers, e.g. the directory's next-page `Link: <...>; rel="next"`. */
  headers: Headers;
}

/** A call that also returns the status and headers. Throws ApiError on any non-2xx answer. */
export async function apiFetch<T = unknown>(
  method: string,
  url: string,
  data?: unknown,
): Promise<ApiResponse<T>> {
  // A file (Blob) goes as it is, streamed by the browser: the CSV import takes text/csv bodies.
  const file = data instanceof Blob ? data : null;
  const res = await fetch(url, {
    method,
    headers: file
      ? { "Content-Type": file.type || "text/csv" }
      : data !== undefined
        ? { "Content-Type": "application/json" }
        : {},
    body: file ?? (data !== undefined ? JSON.stringify(data) : undefined),
    credentials: "include",
  });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  const type = res.headers.get("content-type") ?? "";
  const body =
    res.status === 204 ? undefined : type.includes("application/json") ? await res.json() : await res.text();
  return { data: body as T, status: res.status, headers: res.headers };
}

/** A call whose answer body is all the caller needs. */
export async function apiRequest<T = unknown>(method: string, url: string, data?: unknown): Promise<T> {
  return (await apiFetch<T>(method, url, data)).data;
}

/**
 * A file the server streams (the account's data export), read whole into a Blob so that a refusal (a
 * 429 with its sentence) can be shown on the page instead of being saved as the file. `fileName` is the
 * one the server's Content-Disposition names, or null.
 */
export async function apiDownload(url: string): Promise<{ blob: Blob; fileName: string | null }> {
  const res = await fetch(url, { credentials: "include" });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  return { blob: await res.blob(), fileName: parseFileName(res.headers.get("content-disposition")) };
}

/** The file name of `attachment; filename="x.zip"` (or its RFC 5987 `filename*=UTF-8''x.zip`), or null. */
export function parseFileName(header: string | null): string | null {
  if (!header) return null;
  const encoded = header.match(/filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const plain = header.match(/filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/);
  const name = plain?.[1] ?? plain?.[2];
  return name ? name : null;
}

/** A 401 means the session ended (or never began). */
export function isUnauthorizedError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}

/** The thing asked for does not exist (or is not the caller's to see). */
export function isNotFoundError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 404;
}

export function hasErrorCode(error: unknown, code: ErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

export const GENERIC_ERROR_MESSAGE = "Something went wrong. Please try again.";

/** What to tell a person about a failed call: the server's sentence, or `fallback` when there is none. */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR_MESSAGE): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** The next page's URL from `Link: <...>; rel="next"` (the body stays an array), or null on the last page. */
export function parseNextLink(header: string | null): string | null {
  if (!header) return null;
  const match = header.match(/<([^>]+)>\s*;\s*rel="next"/);
  return match?.[1] ?? null;
}
