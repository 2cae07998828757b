import type { MiddlewareFunction } from "react-router";
import { keepAliveOf } from "../http/netlify-context.server.ts";
import { withContent } from "./page-content.server.ts";

/**
 * The root's middleware: every page, its data and its form's action read one snapshot. A reading
 * of Contentful it starts for later requests is handed to Netlify to finish after the answer.
 */
export const contentScope: MiddlewareFunction<Response> = ({ context }, next) =>
  withContent(() => next(), keepAliveOf(context));
