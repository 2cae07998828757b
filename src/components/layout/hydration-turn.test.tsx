import { afterEach, describe, expect, it, vi } from "vitest";

// The turns exist for Preact's hydration (the built site's React): this file runs them on Preact.
vi.mock("react", async () => await import("preact/compat"));
vi.mock("react/jsx-runtime", async () => await import("preact/compat/jsx-runtime"));
vi.mock("react/jsx-dev-runtime", async () => await import("preact/compat/jsx-dev-runtime"));

const { hydrate, useLayoutEffect } = await import("preact/compat");
const { renderToString } = await import("preact-render-to-string");
const { HydrationTurn, hydrateInTurns, pageHydration } = await import("./hydration-turn.tsx");

afterEach(() => vi.restoreAllMocks());

function Part({ name, hydrated }: { name: string; hydrated: string[] }) {
  useLayoutEffect(() => {
    hydrated.push(name);
  }, [name, hydrated]);
  return <p id={name}>{name}</p>;
}

function Page({ hydrated }: { hydrated: string[] }) {
  return (
    <div>
      <HydrationTurn>
        <Part name="first" hydrated={hydrated} />
      </HydrationTurn>
      <HydrationTurn>
        <Part name="second" hydrated={hydrated} />
      </HydrationTurn>
    </div>
  );
}

describe("hydration in turns (on Preact)", () => {
  it("hydrates each part in a task of its own, waiting once, and keeps the served elements", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Page hydrated={[]} />);
    const served = [...container.querySelectorAll("p")];
    const tasks = vi.spyOn(globalThis, "MessageChannel");
    const hydrated: string[] = [];
    const done = new Promise<void>((resolve) => pageHydration.subscribe(resolve));

    hydrateInTurns(() => hydrate(<Page hydrated={hydrated} />, container));
    expect(hydrated).toEqual([]);
    await done;

    expect(hydrated).toEqual(["first", "second"]);
    expect([...container.querySelectorAll("p")]).toEqual(served);
    // One task per part, and one more in which the turns find none added meanwhile. (A part
    // whose wait was forgotten when it resumed waited twice: six.)
    expect(tasks).toHaveBeenCalledTimes(3);
  });
});
