import type { HydrationState } from "react-router-dom";

/** Id of the non-executable JSON block that carries what the client needs to hydrate. */
export const HYDRATION_ELEMENT_ID = "hydration-data";

export type HydrationPayload = {
  /** viewKey() of the URL this HTML was rendered for. */
  view: string;
  router: HydrationState;
};

/** JSON that is safe inside <script type="application/json">: no "</script" can close it early. */
export function serializeHydration(payload: HydrationPayload): string {
  return JSON.stringify(payload).replace(/</g, "\\u003c");
}
