import { data, redirect } from "react-router";
import { pageContent } from "#server/content/page-content.server.ts";
import type { Route } from "./+types/download";

/**
 * The awards page's document picker is a plain GET form (it works without JavaScript): it comes
 * here with ?file=, and goes on to the document. Only a plain file name under /downloads/ is
 * followed, or the address of a document an award offers (a file on Contentful's CDN, when the
 * content comes from there); anything else is the not-found page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const file = new URL(request.url).searchParams.get("file") ?? "";
  if (/^[a-z0-9][a-z0-9.-]{0,100}$/.test(file)) return redirect(`/downloads/${file}`, 302);
  if (file.startsWith("https://")) {
    const { awards } = await pageContent("awards.yaml");
    if (awards.some((award) => award.downloads.some((download) => download.href === file)))
      return redirect(file, 302);
  }
  throw data(null, { status: 404 });
}

/**
 * Never drawn: the route is a page, not a file, only so that a refusal is the site's not-found
 * page (the root's error boundary), as for any unknown path. As a resource route its 404 was an
 * empty answer, a blank page.
 */
export default function Download() {
  return null;
}
