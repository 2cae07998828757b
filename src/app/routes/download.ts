import { redirect } from "react-router";
import type { Route } from "./+types/download";

/**
 * The awards page's document picker is a plain GET form (it works without JavaScript): it comes
 * here with ?file=, and goes on to the document. Only a plain file name under /downloads/ is
 * followed; anything else is the not-found page.
 */
export function loader({ request }: Route.LoaderArgs) {
  const file = new URL(request.url).searchParams.get("file") ?? "";
  if (!/^[a-z0-9][a-z0-9.-]{0,100}$/.test(file)) throw new Response(null, { status: 404 });
  return redirect(`/downloads/${file}`, 302);
}
