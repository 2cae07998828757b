import { redirect } from "react-router";
import type { Route } from "./+types/moved";

/**
 * Addresses the no-JavaScript account pages once had: the account page and the directory-entry
 * page are now whole for every visitor, with or without JavaScript.
 */
const MOVED: Record<string, string> = {
  "/account/membership": "/account#membership",
  "/account/directory-entry/current": "/account/directory-entry",
};

export function loader({ request }: Route.LoaderArgs) {
  return redirect(MOVED[new URL(request.url).pathname] ?? "/", 301);
}
