import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from "react-router-dom";
import { nextTask } from "#client/next-task.ts";
import { hydrateInTurns } from "#components/layout/hydration-turn.tsx";
import { HYDRATION_ELEMENT_ID, type HydrationPayload } from "./hydration";
import { viewKey, viewParams } from "./route-handle";

function readHydration(): HydrationPayload | null {
  const element = document.getElementById(HYDRATION_ELEMENT_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as HydrationPayload) : null;
}

/** Loads the lazy route modules this URL needs, so the first render is the page, not a fallback. */
async function loadMatchedRoutes(routes: RouteObject[], url: Location) {
  const matches = matchRoutes(routes, url) ?? [];
  await Promise.all(
    matches.map(async ({ route }: { route: RouteObject }) => {
      if (typeof route.lazy !== "function") return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

/** Whether a path is one the catch-all not-found route answers. */
function isNotFound(routes: RouteObject[], notFoundId: string | undefined, pathname: string): boolean {
  return matchRoutes(routes, pathname)?.at(-1)?.route.id === notFoundId;
}

async function start() {
  // Evaluating the app and the route table (its layouts, forms and schemas), matching the URL,
  // making the router and hydrating the page's first part are a task each: together they were
  // one long task at a phone's speed. The route table's chunk is preloaded with the app's.
  await nextTask();
  const { notFoundRoute, routes } = await import("./routes");
  await nextTask();
  const container = document.getElementById("root");
  if (!container) throw new Error("#root is missing from the page");
  const hydration = readHydration();
  // The matched route modules declare which search params pick a prerendered page (their view).
  await loadMatchedRoutes(routes, window.location);
  // Hydrate only HTML rendered for this very view, or the not-found page (404.html, served for
  // every unknown path, renders the same whatever the path). Any other page is rendered afresh,
  // behind what was served until it has settled (fresh-render.ts), so React never has to
  // reconcile a mismatch.
  const matched = (matchRoutes(routes, window.location) ?? []).map(({ route }) => route);
  const matchesHtml =
    hydration?.view === viewKey(new URL(window.location.href), viewParams(matched)) ||
    (hydration !== null &&
      isNotFound(routes, notFoundRoute.id, hydration.view) &&
      isNotFound(routes, notFoundRoute.id, window.location.pathname));
  // Making the router reads sessionStorage (the view transitions it saved), and the page's first
  // read loads the storage area: 9 ms in Lighthouse's trace. Read once here, that is not in the
  // router's task. (Storage may be refused; the router copes with that itself.)
  try {
    window.sessionStorage.getItem("");
  } catch {}
  await nextTask();
  const router = createBrowserRouter(routes, matchesHtml ? { hydrationData: hydration?.router } : {});
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  await nextTask();
  if (matchesHtml) hydrateInTurns(() => hydrateRoot(container, app));
  // The dev server's empty shell: nothing to keep on screen.
  else if (!container.firstElementChild) createRoot(container).render(app);
  else {
    // Loaded only here: a hydrated page, nearly every page, never runs it.
    const { renderBehindServedPage } = await import("./fresh-render");
    void renderBehindServedPage(container, (into) => createRoot(into).render(app), {
      ready: () => router.state.initialized && router.state.navigation.state === "idle",
      subscribe: (listener) => router.subscribe(listener),
    });
  }
}

void start();
