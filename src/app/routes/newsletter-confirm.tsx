import type { RouteHandle } from "#app/route-handle.ts";
import { NewsletterLinkPage, newsletterLinkMeta } from "#features/newsletter/newsletter-link-page.tsx";

export const handle: RouteHandle = { meta: newsletterLinkMeta("confirm") };

export function Component() {
  return <NewsletterLinkPage action="confirm" />;
}
