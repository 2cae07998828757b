import type { Context } from "@netlify/functions";
import { type ActionFunctionArgs, createContext, data, type MiddlewareFunction } from "react-router";
import type { z } from "../../shared/zod.ts";
import { apiForm } from "../forms/api-form.server.ts";
import type { FormSpec } from "../forms/form-post.server.ts";
import { pageForm } from "../forms/page-form.server.ts";
import { errorJson } from "../http/responses.server.ts";
import { crossSiteRefusal } from "../http/same-origin.server.ts";
import { checkSecretariat, requireSecretariat, type SecretariatSession } from "./auth.server.ts";

/**
 * The workspace's pages are the `/secretariat` layout route and its children (src/app/routes.ts):
 * the layout's middleware checks the session before any of their loaders or actions runs (the
 * framework runs a layout's and its child's loaders side by side, so a check in the layout's
 * loader alone would not hold a child's back), and hands it to them here.
 */
export const workspaceSession = createContext<SecretariatSession>();

/** What the workspace's error page is thrown: one of our sentences, never text from the request. */
export type WorkspaceError = { message: string };

export const NOT_FOUND = "There is no such record.";

/** 401 without a session, 403 for any other account: the page says which, and nothing else is read. */
export const requireWorkspace: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const checked = await checkSecretariat(request);
  if ("refused" in checked)
    throw data<WorkspaceError>({ message: checked.message }, { status: checked.refused });
  context.set(workspaceSession, checked);
  return next();
};

/** A record the address names that is not there: the workspace's 404 page, with what is missing. */
export function notFound(message = NOT_FOUND): never {
  throw data<WorkspaceError>({ message }, { status: 404 });
}

/** One form's spec, whatever its schema, for code that picks among several. */
export const anyForm = <S extends z.ZodType>(spec: FormSpec<S>) => spec as unknown as FormSpec<z.ZodType>;

/** Makes the spec of the form a request is for, given the record it acts on and who acts; null: no such form. */
export type FormOf<R> = (record: R, session: SecretariatSession, url: URL) => FormSpec<z.ZodType> | null;

/**
 * A workspace page's action: the record its address names (none: 404, and nothing is changed,
 * whatever was posted), then the form, received as every page's form is (page-form.server.ts).
 */
export function workspaceAction<R>(find: (args: ActionFunctionArgs) => Promise<R | null>, formOf: FormOf<R>) {
  return async (args: ActionFunctionArgs) => {
    const session = args.context.get(workspaceSession);
    const record = await find(args);
    const spec = record === null ? null : formOf(record, session, new URL(args.request.url));
    if (!spec) notFound();
    return pageForm(spec)(args);
  };
}

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
