/**
 * The browser's one way to read the site's JSON endpoints (a page's forms post to their routes'
 * actions instead). Every answer is parsed with the shared schema of its kind (src/shared/api/),
 * so a page never works on a shape it merely hopes for.
 */

import { errorAnswerSchema } from "#shared/api/form-answers.ts";
import type { FieldErrors } from "#shared/forms/field-rules.ts";

type Checked<T> = { success: true; data: T } | { success: false };

/** Anything with zod's safeParse: the shared answer schemas (zod/mini), or a check of our own. */
export type AnswerSchema<T> = { safeParse(data: unknown): Checked<T> };

/**
 * A long list checked only for being a list (the directory's 2,100 members): the function made it
 * from the shared schema on the server, and checking each member again in a phone's browser
 * would hold the page for nothing.
 */
export function listOf<T>(): AnswerSchema<T[]> {
  return {
    safeParse: (data) => (Array.isArray(data) ? { success: true, data: data as T[] } : { success: false }),
  };
}

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

function serviceMessage(body: unknown): string | null {
  const parsed = errorAnswerSchema.safeParse(body);
  return parsed.success && parsed.data.error ? parsed.data.error : null;
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

/**
 * What posting a form came to: the parsed answer, or one sentence and the field errors. `status`
 * is the answer's HTTP status, 0 when no answer came (the site could not be reached).
 */
export type FormResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; error: string; fields: FieldErrors };

/** POSTs a form's fields as JSON and parses the answer; never throws. */
export async function postForm<T>(
  url: string,
  fields: unknown,
  schema: AnswerSchema<T>,
): Promise<FormResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(fields),
    });
  } catch {
    return { ok: false, status: 0, error: UNREACHABLE, fields: {} };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = schema.safeParse(body);
    return parsed.success
      ? { ok: true, data: parsed.data }
      : { ok: false, status: response.status, error: NOT_UNDERSTOOD, fields: {} };
  }
  const refusal = errorAnswerSchema.safeParse(body);
  if (!refusal.success) return { ok: false, status: response.status, error: NOT_UNDERSTOOD, fields: {} };
  return { ok: false, status: response.status, error: refusal.data.error, fields: refusal.data.fields ?? {} };
}

/** A form's fields as the server reads a posted one: a repeated name becomes an array. */
export function formFields(form: HTMLFormElement): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== "string") continue;
    const previous = fields[name];
    fields[name] = previous === undefined ? value : [previous, value].flat();
  }
  return fields;
}
