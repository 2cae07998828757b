import { postToServer } from "#components/forms/client-action.ts";
import { RegisterPage } from "#features/secretariat/register-page.tsx";
import { registerForm } from "#server/register/register-form.server.ts";
import { registerPage } from "#server/register/register-view.server.ts";
import { workspaceAction } from "#server/secretariat/workspace.server.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-register";

/**
 * The membership register (?q=&class=&zone=&standing=&claimed=&page=): its members, the preview of
 * a file read (?preview=<digest>) and what an import did (?import=<id>).
 */
export const loader = ({ request }: Route.LoaderArgs) => registerPage(new URL(request.url));

/** 'Preview' (?do=preview) and 'Apply' (?do=apply). */
export const action = workspaceAction(
  async () => true,
  (_found, session, url) => registerForm(url.searchParams.get("do"), session),
);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) => workspaceMeta(args, "Register");

export default function SecretariatRegister({ loaderData }: Route.ComponentProps) {
  return <RegisterPage {...loaderData} />;
}
