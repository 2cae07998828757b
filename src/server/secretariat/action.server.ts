import type { Context } from "@netlify/functions";
import type { z } from "../../shared/zod.ts";
import { type FormAnswer, type FormRequest, type FormSpec, formPost } from "../forms/form-post.server.ts";
import { errorJson } from "../http/responses.server.ts";
import { crossSiteRefusal } from "../http/same-origin.server.ts";
import { requireSecretariat, type SecretariatSession } from "./auth.server.ts";
import { workspacePageHtml } from "./routes.server.ts";
import { notFoundPage } from "./shell.server.ts";

/** A workspace action's form: formPost's spec, its handler also given who is acting. */
export type ActionSpec<S extends z.ZodType> = Omit<
  FormSpec<S>,
  "handle" | "renderPage" | "guard" | "page"
> & {
  /** The workspace page the action's form is on (a fixed path: no action chooses its return). */
  page: string;
  handle: (data: z.output<S>, request: FormRequest & { session: SecretariatSession }) => Promise<FormAnswer>;
};

/** One action's spec, checked against its own schema, for a builder that picks among several. */
export const actionSpec = <S extends z.ZodType>(spec: ActionSpec<S>) =>
  spec as unknown as ActionSpec<z.ZodType>;

const wantsPage = (request: Request) => (request.headers.get("accept") ?? "").includes("text/html");

export const NOT_FOUND = "There is no such record.";

/**
 * Every workspace action, in one order: the role (401 / 403), the same-origin check, then the
 * record the URL names (`find`: null is a 404 that changes nothing, whatever the body), then the
 * form pipeline, whose refused plain form is shown its page again, rendered here for the session.
 */
export function secretariatAction<R>(
  find: (url: URL) => Promise<R | null>,
  spec: (record: R, url: URL) => ActionSpec<z.ZodType>,
) {
  return async (request: Request, context: Context): Promise<Response> => {
    const session = await requireSecretariat(request);
    if (session instanceof Response) return session;
    const refusal = crossSiteRefusal(request);
    if (refusal) return refusal;
    const url = new URL(request.url);
    const record = await find(url);
    if (record === null) return wantsPage(request) ? notFoundPage(NOT_FOUND) : errorJson(404, NOT_FOUND);
    const action = spec(record, url);
    return formPost({
      ...action,
      renderPage: (req) => workspacePageHtml(req, action.page),
      handle: (data, formRequest) => action.handle(data, { ...formRequest, session }),
    })(request, context);
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
