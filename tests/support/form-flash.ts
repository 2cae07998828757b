import { RouterContextProvider } from "react-router";
import { flashContext, formFlash } from "../../src/server/forms/form-flash.server.ts";

/**
 * The page's GET after a refused plain post, with the cookie the refusal set, through the
 * middleware that reads it: the refusal the page then shows, and the answer (its cookie cleared).
 */
export async function comeBack(path: string, setCookie: string | null) {
  const cookie = (setCookie ?? "").split(";")[0] ?? "";
  const context = new RouterContextProvider();
  const request = new Request(`http://localhost${path}`, { headers: { cookie } });
  const response = await formFlash({ request, context, params: {} } as never, async () => new Response("page"));
  return { refused: context.get(flashContext), response: response as Response };
}
