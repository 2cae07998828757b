import { type ActionFunctionArgs, createContext, data, type MiddlewareFunction } from "react-router";
import { pageForm } from "../forms/page-form.server.ts";
import { checkSecretariat, type SecretariatSession } from "./auth.server.ts";
import { type FormOf, NOT_FOUND } from "./workspace-forms.server.ts";

/**
 * The workspace's pages are the `/secretariat` layout route and its children (src/app/routes.ts):
 * the layout's middleware checks the session before any of their loaders or actions runs (the
 * framework runs a layout's and its child's loaders side by side, so a check in the layout's
 * loader alone would not hold a child's back), and hands it to them here.
 */
export const workspaceSession = createContext<SecretariatSession>();

/** What the workspace's error page is thrown: one of our sentences, never text from the request. */
export type WorkspaceError = { message: string };

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
