import { act, render } from "@testing-library/react";
import { useEffect, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Loading } from "#components/layout/pending.tsx";
import { renderBehindServedPage, type Settling } from "./fresh-render.ts";

/** A page as a function serves it: a search form, a box to tick and the member's part filled in. */
const SERVED = `
  <main>
    <form action="/search" method="get"><input name="q" aria-label="Search"></form>
    <form action="/api/choices" method="post"><input type="checkbox" name="hide" value="mobile"></form>
    <section id="part"><p>Served for you</p></section>
    <p><a href="/account">Your account</a> <a href="/account/settings">Settings</a></p>
  </main>`;

/** The app's page: pending until `arrive` is called, then its own part beside the same forms. */
function App({ arrived }: { arrived: Promise<void> }) {
  const [ready, setReady] = useState(false);
  const [query, setQuery] = useState("");
  useEffect(() => void arrived.then(() => setReady(true)), [arrived]);
  return (
    <main>
      <form action="/search" method="get">
        <input
          name="q"
          aria-label="Search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </form>
      <output data-testid="searched">{query}</output>
      <form action="/api/choices" method="post">
        <input type="checkbox" name="hide" value="mobile" />
      </form>
      {ready ? <section id="part">From the app</section> : <Loading />}
      <p>
        <a href="/account">Your account</a> <a href="/account/settings">Settings</a>
      </p>
    </main>
  );
}

const alwaysReady: Settling = { ready: () => true, subscribe: () => () => {} };

function servedPage(): HTMLElement {
  const container = document.createElement("div");
  container.id = "root";
  container.innerHTML = SERVED;
  document.body.append(container);
  return container;
}

function start(container: HTMLElement, arrived: Promise<void>, settling = alwaysReady, limitMs?: number) {
  return renderBehindServedPage(
    container,
    (into) => void render(<App arrived={arrived} />, { container: into }),
    settling,
    limitMs,
  );
}

const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe("a page rendered afresh behind the served one", () => {
  it("leaves the served page on screen while anything is pending, then puts the app's in its place", async () => {
    const container = servedPage();
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const swapped = start(container, arrived);
    await tick();
    expect(document.getElementById("root")).toBe(container);
    expect(document.body).toHaveTextContent("Served for you");
    expect(document.body).not.toHaveTextContent("Loading...");

    await act(async () => arrive());
    await act(() => swapped);
    expect(document.getElementById("root")).not.toBe(container);
    expect(document.body).toHaveTextContent("From the app");
    expect(document.body).not.toHaveTextContent("Served for you");
  });

  it("gives the app's fields what was typed and ticked on the served page, and the focus", async () => {
    const container = servedPage();
    let arrive = () => {};
    const swapped = start(
      container,
      new Promise<void>((resolve) => {
        arrive = resolve;
      }),
    );
    const box = container.querySelector<HTMLInputElement>("input[name=q]");
    const tickBox = container.querySelector<HTMLInputElement>("input[name=hide]");
    if (!box || !tickBox) throw new Error("the served page has no fields");
    box.value = "wheat rust";
    box.focus();
    tickBox.checked = true;
    await act(async () => arrive());
    await act(() => swapped);
    const fresh = document.getElementById("root");
    expect(fresh).not.toBe(container);
    const freshBox = fresh?.querySelector<HTMLInputElement>("input[name=q]");
    expect(freshBox?.value).toBe("wheat rust");
    // The app's own state has it, as if typed: its next render keeps it.
    expect(fresh?.querySelector("output")).toHaveTextContent("wheat rust");
    expect(document.activeElement).toBe(freshBox);
    expect(fresh?.querySelector<HTMLInputElement>("input[name=hide]")?.checked).toBe(true);
  });

  it("gives the focus to the same link", async () => {
    const container = servedPage();
    const swapped = start(container, Promise.resolve());
    container.querySelector<HTMLAnchorElement>('a[href="/account/settings"]')?.focus();
    await tick();
    await act(() => swapped);
    expect(document.getElementById("root")).not.toBe(container);
    expect(document.activeElement).toHaveAttribute("href", "/account/settings");
    expect(document.getElementById("root")?.contains(document.activeElement)).toBe(true);
  });

  it("waits for the router's first load as well", async () => {
    const container = servedPage();
    let ready = false;
    const listeners = new Set<() => void>();
    const settling: Settling = {
      ready: () => ready,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const swapped = start(container, Promise.resolve(), settling);
    await tick();
    await tick();
    expect(document.getElementById("root")).toBe(container);
    ready = true;
    for (const listener of listeners) listener();
    await act(() => swapped);
    expect(document.body).toHaveTextContent("From the app");
  });

  it("shows the app's page after the limit when something stays pending (a service that hangs)", async () => {
    const container = servedPage();
    const swapped = start(container, new Promise(() => {}), alwaysReady, 50);
    await tick();
    expect(document.getElementById("root")).toBe(container);
    await act(() => swapped);
    expect(document.body).toHaveTextContent("Loading...");
  });
});
