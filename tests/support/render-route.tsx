import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType, ReactNode } from "react";
import {
  createMemoryRouter,
  type LoaderFunction,
  RouterProvider,
  type ShouldRevalidateFunction,
} from "react-router";

/** Renders UI inside a memory router at `url`, with a user-event session. */
export function renderAt(ui: ReactNode, url = "/") {
  const router = createMemoryRouter([{ path: "*", element: ui }], { initialEntries: [url] });
  return { user: userEvent.setup(), router, ...render(<RouterProvider router={router} />) };
}

type RouteModule = {
  Component: ComponentType;
  loader?: LoaderFunction;
  shouldRevalidate?: ShouldRevalidateFunction;
};

/**
 * Renders a route as the browser hydrates its prerendered page: the loader's data is what the
 * HTML carried (`loaderData`), so the loader does not run until a navigation.
 */
export function renderPrerendered(route: RouteModule, url: string, loaderData: object) {
  const path = new URL(url, "http://localhost").pathname;
  const router = createMemoryRouter(
    [
      {
        id: "page",
        path,
        Component: route.Component,
        loader: route.loader,
        shouldRevalidate: route.shouldRevalidate,
      },
    ],
    { initialEntries: [url], hydrationData: { loaderData: { page: loaderData } } },
  );
  return { user: userEvent.setup(), router, ...render(<RouterProvider router={router} />) };
}
