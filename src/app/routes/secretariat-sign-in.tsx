import { postToServer } from "#components/forms/client-action.ts";
import { SignInPage } from "#features/secretariat/sign-in-page.tsx";
import { workspaceLinks } from "#features/secretariat/workspace-frame.tsx";
import { pageForm } from "#server/forms/page-form.server.ts";
import { passwordLinkForm } from "#server/secretariat/password-link-form.server.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { FrameHandle } from "../root.tsx";
import type { Route } from "./+types/secretariat-sign-in";

/**
 * The workspace's way in, open to anyone (outside the workspace's layout and its session check):
 * how to sign in, and 'E-mail me a link' for a set-your-password link.
 */
export const handle: FrameHandle = { ownFrame: true };

export const links: Route.LinksFunction = workspaceLinks;

export const action = pageForm(passwordLinkForm);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) => workspaceMeta(args, "Secretariat sign-in");

export default function SecretariatSignIn() {
  return <SignInPage />;
}
