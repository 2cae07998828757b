/**
 * The browser's one way to read the site's JSON endpoints (a page's forms post to their routes'
 * actions instead). The answers are typed by the shared schemas (src/shared/api/), which the
 * server checks what it sends against; the browser checks only the envelope (a list, an object,
 * an error's sentence), so zod stays on the server and out of every page's script
 * (docs/decisions/0027-react-router-framework-mode.md).
 */

import type { ErrorAnswer } from "#shared/api/error-answer.ts";

type Checked<T> = { success: true; data: T } | { success: false };

/** How an answer is checked before a page works on it. */
export type AnswerSchema<T> = { safeParse(data: unknown): Checked<T> };

/** A list, such as the directory's 2,100 members. */
export function listOf<T>(): AnswerSchema<T[]> {
  return {
    safeParse: (data) => (Array.isArray(data) ? { success: true, data: data as T[] } : { success: false }),
  };
}

/** An object carrying at least these fields, such as one member's details or a page of news. */
export function objectWith<T extends object>(...fields: (keyof T & string)[]): AnswerSchema<T> {
  return {
    safeParse: (data) =>
      isObject(data) && fields.every((field) => field in data)
        ? { success: true, data: data as T }
        : { success: false },
  };
}

const isObject = (data: unknown): data is Record<string, unknown> =>
  typeof data === "object" && data !== null && !Array.isArray(data);

/** A GET that did not give what was asked: the service's own sentence where it said one. */
export class ApiError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

export const UNREACHABLE = "We could not reach the website. Please check your connection and try again.";
const NOT_UNDERSTOOD = "The website's answer was not understood. Please try again.";

/** The sentence of an error answer ({ error, fields? }), if the body is one. */
function serviceMessage(body: unknown): ErrorAnswer["error"] | null {
  return isObject(body) && typeof body.error === "string" && body.error ? body.error : null;
}

/** GETs a JSON answer and parses it with `schema`; throws ApiError on any failure. */
export async function getJson<T>(url: string, schema: AnswerSchema<T>, init: { signal?: AbortSignal } = {}) {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: "application/json" }, cache: "no-cache", ...init });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(UNREACHABLE, 0);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok)
    throw new ApiError(
      serviceMessage(body) ?? `Request failed with status code ${response.status}`,
      response.status,
    );
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(NOT_UNDERSTOOD, response.status);
  return parsed.data;
}
