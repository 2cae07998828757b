import type { Context } from "@netlify/functions";
import type { z } from "../../shared/zod.ts";
import { apiForm } from "../forms/api-form.server.ts";
import type { FormSpec } from "../forms/form-post.server.ts";
import { errorJson } from "../http/responses.server.ts";
import { crossSiteRefusal } from "../http/same-origin.server.ts";
import { requireSecretariat, type SecretariatSession } from "./auth.server.ts";

/**
 * The workspace's forms apart from the framework: which form a request is for, and the JSON door
 * to them that the functions serve. The pages' side (workspace.server.ts) uses the framework's
 * router; this file does not, so a function that imports it does not load the router.
 */

export const NOT_FOUND = "There is no such record.";

/** One form's spec, whatever its schema, for code that picks among several. */
export const anyForm = <S extends z.ZodType>(spec: FormSpec<S>) => spec as unknown as FormSpec<z.ZodType>;

/** Makes the spec of the form a request is for, given the record it acts on and who acts; null: no such form. */
export type FormOf<R> = (record: R, session: SecretariatSession, url: URL) => FormSpec<z.ZodType> | null;

/**
 * The same form as a JSON API (netlify/functions/secretariat-*.ts), in the order the workspace's
 * APIs have always answered: the role (401 / 403), the same-origin check, the record (404), then
 * the form. A plain form post is passed on to the form's page (api-form.server.ts).
 */
export function workspaceApi<R>(find: (url: URL) => Promise<R | null>, formOf: FormOf<R>) {
  return async (request: Request, context: Context): Promise<Response> => {
    const session = await requireSecretariat(request);
    if (session instanceof Response) return session;
    const refusal = crossSiteRefusal(request);
    if (refusal) return refusal;
    const url = new URL(request.url);
    const record = await find(url);
    const spec = record === null ? null : formOf(record, session, url);
    if (!spec) return errorJson(404, NOT_FOUND, { Vary: "Cookie" });
    return apiForm(spec)(request, context);
  };
}

/** The path's segments after a prefix: `/api/secretariat/applications/<key>/payment` → [key, "payment"]. */
export function pathAfter(url: URL, prefix: string): string[] {
  if (!url.pathname.startsWith(prefix)) return [];
  return url.pathname
    .slice(prefix.length)
    .split("/")
    .filter(Boolean)
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return "";
      }
    });
}
