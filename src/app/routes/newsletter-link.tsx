import { data } from "react-router";
import { postToServer } from "#components/forms/client-action.ts";
import { NewsletterLinkPage, newsletterLinkMeta } from "#features/newsletter/newsletter-link-page.tsx";
import { pageForm } from "#server/forms/page-form.server.ts";
import { newsletterLinkForm } from "#server/newsletter/link-post.server.ts";
import { isNewsletterAction } from "#shared/newsletter.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/newsletter-link";

/** Where a confirm or unsubscribe link in an e-mail leads: /newsletter/confirm, /newsletter/unsubscribe. */
export function loader({ params }: Route.LoaderArgs) {
  if (!isNewsletterAction(params.action)) throw data(null, { status: 404 });
  return { action: params.action };
}

/** The page's button, and a mail program's one-click unsubscribe, post here with the link's token. */
export async function action(args: Route.ActionArgs) {
  if (!isNewsletterAction(args.params.action)) throw data(null, { status: 404 });
  return pageForm(newsletterLinkForm(args.params.action))(args);
}
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, newsletterLinkMeta(args.loaderData?.action ?? "confirm"));

export default function NewsletterLink({ loaderData }: Route.ComponentProps) {
  return <NewsletterLinkPage action={loaderData.action} />;
}
