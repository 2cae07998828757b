import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";

/** Renders UI inside a memory router at `url`, with a user-event session. */
export function renderAt(ui: ReactNode, url = "/") {
  const router = createMemoryRouter([{ path: "*", element: ui }], { initialEntries: [url] });
  return { user: userEvent.setup(), router, ...render(<RouterProvider router={router} />) };
}
