import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType, ReactNode } from "react";
import {
  type ActionFunction,
  createRoutesStub,
  type LoaderFunction,
  type Location,
  Outlet,
  type ShouldRevalidateFunction,
  useLocation,
} from "react-router";
import { scopedContent } from "#server/content/page-content.server.ts";
import type { SessionAnswer } from "#shared/api/account.ts";
import type { FormRefusal } from "#shared/forms/form-result.ts";

/** What the root route gives every page: the society's facts, and what a server-made page knows. */
export type RootStub = { session?: SessionAnswer; refused?: FormRefusal };

type StubRoute = {
  path: string;
  Component?: ComponentType;
  loader?: LoaderFunction;
  action?: ActionFunction;
  shouldRevalidate?: ShouldRevalidateFunction;
};

/**
 * Renders `ui` (or the given routes) under a stub of the root route, at `url`, as the framework
 * would: the root's data (the real site.yaml, and a session or a form's refusal when given) is
 * there for useSite, useSession and the forms; a form's post goes to the stubbed route's action.
 */
export function renderAt(
  ui: ReactNode | StubRoute[],
  url = "/",
  { root = {}, path = "*" }: { root?: RootStub; path?: string } = {},
) {
  const Ui = () => <>{ui}</>;
  // At "/" a splat does not match: the root's index shows the UI there.
  const children = Array.isArray(ui)
    ? ui
    : [
        { index: true, Component: Ui },
        { path, Component: Ui },
      ];
  const rootData = { site: scopedContent("site.yaml"), ...root };
  // Where the router is now, for a test that follows a link.
  let current: Location | undefined;
  const Root = () => {
    current = useLocation();
    return <Outlet />;
  };
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => rootData,
      Component: Root,
      // biome-ignore lint/suspicious/noExplicitAny: the stub takes route objects of any module's shape
      children: children as any,
    },
  ]);
  // The root's data is there from the first render, as a page's HTML carries it.
  return {
    user: userEvent.setup(),
    location: () => current as Location,
    ...render(<Stub initialEntries={[url]} hydrationData={{ loaderData: { root: rootData } }} />),
  };
}
