import { act, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import {
  createMemoryRouter,
  createStaticHandler,
  createStaticRouter,
  RouterProvider,
  StaticRouterProvider,
} from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PrerenderContext } from "#shared/page-meta.ts";
import type { AnswerSchema } from "./api-client.ts";
import { prerendered, usePageData } from "./page-data.ts";

const words: AnswerSchema<string[]> = {
  safeParse: (body) =>
    Array.isArray(body) && body.every((word) => typeof word === "string")
      ? { success: true, data: body }
      : { success: false },
};

const loader = prerendered(async (_context, url) => ({
  words: [`prerendered ${url.searchParams.get("n") ?? "1"}`],
}));

function Words({ refresh = false }: { refresh?: boolean }) {
  const data = usePageData("words", "/api/words", words, { refresh });
  if (data.error) return <p role="alert">{data.error.message}</p>;
  if (!data.value) return <p role="status">Loading</p>;
  return (
    <p>
      {data.value.join(", ")}
      {data.prerendered && " (came with the page)"}
    </p>
  );
}

/** Counts its renders: a fresh copy equal to the page's value must not cause one. */
let renders = 0;
function CountedWords() {
  renders++;
  const data = usePageData("words", "/api/words", words, { refresh: true });
  return <p>{data.value?.join(", ")}</p>;
}

const context = { prerender: true } as unknown as PrerenderContext;

function hydrate(refresh: boolean) {
  const router = createMemoryRouter(
    [{ id: "page", path: "/", loader, element: <Words refresh={refresh} /> }],
    {
      hydrationData: { loaderData: { page: { words: ["prerendered 1"] } } },
    },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe("prerendered()", () => {
  it("reads the data while prerendering, and gives nothing in the browser", async () => {
    const request = new Request("http://localhost/?n=2");
    const args = { request, params: {}, url: new URL(request.url), pattern: "/" };
    await expect(loader({ ...args, context })).resolves.toEqual({ words: ["prerendered 2"] });
    await expect(loader({ ...args, context: undefined })).resolves.toEqual({});
  });
});

describe("usePageData", () => {
  it("renders the prerendered value on the server, as hydration will", async () => {
    const handler = createStaticHandler([{ id: "page", path: "/", loader, element: <Words /> }]);
    const state = await handler.query(new Request("http://localhost/"), { requestContext: context as never });
    if (state instanceof Response) throw new Error("no state");
    const html = renderToString(
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, state)} context={state} />,
    );
    expect(html).toContain("prerendered 1<!-- --> (came with the page)");
  });

  it("does not fetch what came with the page", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    hydrate(false);
    expect(screen.getByText(/prerendered 1/)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("with refresh, shows the page's value until a fresh one arrives", async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    hydrate(true);
    expect(screen.getByText(/prerendered 1/)).toBeInTheDocument();
    await act(async () => answer(Response.json(["fresh"])));
    expect(screen.getByText("fresh (came with the page)")).toBeInTheDocument();
  });

  it("with refresh, a fresh copy that is the page's value renders nothing again", async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renders = 0;
    const router = createMemoryRouter([{ id: "page", path: "/", loader, element: <CountedWords /> }], {
      hydrationData: { loaderData: { page: { words: ["prerendered 1"] } } },
    });
    render(<RouterProvider router={router} />);
    const before = renders;
    await act(async () => answer(Response.json(["prerendered 1"])));
    expect(screen.getByText("prerendered 1")).toBeInTheDocument();
    expect(renders).toBe(before);
  });

  it("fetches in the browser after a client-side navigation, and reports a failure", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: "Down for maintenance." }, { status: 503 })),
    );
    const router = createMemoryRouter([
      { path: "/", loader, element: <Words />, hydrateFallbackElement: <p>…</p> },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Down for maintenance.");
  });

  it("fetches and shows the answer when nothing came with the page", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json(["fetched"])),
    );
    const router = createMemoryRouter([
      { path: "/", loader, element: <Words />, hydrateFallbackElement: <p>…</p> },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("fetched")).toBeInTheDocument();
  });
});
