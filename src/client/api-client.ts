/**
 * The browser's one way to talk to the site's functions. Every answer is parsed with the shared
 * schema of its kind (src/shared/api/), so a page never works on a shape it merely hopes for.
 */

import { errorAnswerSchema } from "#shared/api/form-answers.ts";
import type { FieldErrors } from "#shared/forms/field-rules.ts";
import { nextTask } from "./next-task.ts";

type Checked<T> = { success: true; data: T } | { success: false };

/**
 * Anything with zod's safeParse: the shared answer schemas (zod/mini). One may also check an
 * answer a slice at a time (`longList`), and is then checked that way.
 */
export type AnswerSchema<T> = {
  safeParse(data: unknown): Checked<T>;
  /** Rejects with the signal's reason if it is aborted between two slices. */
  checkInSlices?(data: unknown, signal?: AbortSignal): Promise<Checked<T>>;
};

/** How long one slice of a long list's check may hold the page: wall-clock time, on any device. */
const SLICE_MS = 5;

/**
 * The answer schema of a long list (the directory's 2,100 members): the same check as
 * `zm.array(item)`, but run an item at a time, letting the page in every few milliseconds. Checked
 * in one go, the directory was a single task of 10–20 ms, 40–80 ms at a phone's speed, in the
 * page's first seconds (issue 17). The page's redraw with the list gets a task of its own too.
 */
export function longList<T>(item: AnswerSchema<T>): AnswerSchema<T[]> {
  return {
    safeParse(data) {
      const check = checkItems(item, data);
      let step = check.next();
      while (!step.done) step = check.next();
      return step.value;
    },
    async checkInSlices(data, signal) {
      const check = checkItems(item, data);
      let sliceStart = performance.now();
      let step = check.next();
      while (!step.done) {
        if (performance.now() - sliceStart > SLICE_MS) {
          await nextTask();
          // The reader has left the page: the rest of the list is not needed.
          signal?.throwIfAborted();
          sliceStart = performance.now();
        }
        step = check.next();
      }
      await nextTask();
      return step.value;
    },
  };
}

/** Checks a list's items in order, pausing after each: the one loop of both ways to check. */
function* checkItems<T>(item: AnswerSchema<T>, data: unknown): Generator<void, Checked<T[]>> {
  if (!Array.isArray(data)) return { success: false };
  const items: T[] = [];
  for (const entry of data) {
    const checked = item.safeParse(entry);
    if (!checked.success) return { success: false };
    items.push(checked.data);
    yield;
  }
  return { success: true, data: items };
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
  const parsed = schema.checkInSlices
    ? await schema.checkInSlices(body, init.signal)
    : schema.safeParse(body);
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
