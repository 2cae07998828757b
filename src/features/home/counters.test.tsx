import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { preferReducedMotion } from "#tests/support/reduced-motion.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { Counters, countAt } from "./counters.tsx";

const counters = [
  { label: "Reader", value: 23463 },
  { label: "Total Pages", value: 4565 },
  { label: "Prints Per Year", value: 4 },
  { label: "Book Editions", value: 23 },
];

let intersect: IntersectionObserverCallback | undefined;
let observers = 0;
beforeEach(() => {
  vi.useFakeTimers();
  intersect = undefined;
  observers = 0;
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(callback: IntersectionObserverCallback) {
        intersect = callback;
        observers += 1;
      }
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The figures on screen, as sighted visitors see them. */
const shown = () =>
  [...document.querySelectorAll('li strong [aria-hidden="true"]')].map((element) => element.textContent);
const report = (isIntersecting: boolean) =>
  act(() => intersect?.([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver));
const scrolledIntoView = () => report(true);
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("Counters", () => {
  it("off screen, drop to 0, then count up by target/200 every 10 ms once scrolled into view", () => {
    renderAt(<Counters counters={counters} />);
    expect(shown()).toEqual(["23463", "4565", "4", "23"]);
    report(false);
    expect(shown()).toEqual(["0", "0", "0", "0"]);
    wait(1000);
    expect(shown()).toEqual(["0", "0", "0", "0"]);
    scrolledIntoView();
    wait(10);
    expect(shown()).toEqual([String(countAt(23463, 1)), "23", "0", "0"]);
    wait(990);
    expect(shown()).toEqual(["11732", "2283", "2", "12"]);
    wait(1000);
    expect(shown()).toEqual(["23463", "4565", "4", "23"]);
    wait(5000);
    expect(shown()).toEqual(["23463", "4565", "4", "23"]);
  });

  it("on screen when the script arrives, keep the figures the reader sees and never count", () => {
    renderAt(<Counters counters={counters} />);
    report(true);
    expect(shown()).toEqual(["23463", "4565", "4", "23"]);
    wait(10);
    expect(shown()).toEqual(["23463", "4565", "4", "23"]);
    wait(3000);
    expect(shown()).toEqual(["23463", "4565", "4", "23"]);
    scrolledIntoView();
    wait(3000);
    expect(shown()).toEqual(["23463", "4565", "4", "23"]);
  });

  it("give screen readers the final figures and labels throughout", () => {
    renderAt(<Counters counters={counters} />);
    const list = screen.getByRole("list");
    expect(list).toHaveTextContent(/23463\s*Reader/);
    expect(list).toHaveTextContent(/4565\s*Total Pages/);
  });

  it("show the final figures at once under reduced motion", () => {
    preferReducedMotion();
    renderAt(<Counters counters={counters} />);
    expect(shown()).toEqual(["23463", "4565", "4", "23"]);
    expect(observers).toBe(0);
  });
});

describe("countAt", () => {
  it("steps by target/200 and ends exactly on the target", () => {
    expect(countAt(23463, 0)).toBe(0);
    expect(countAt(23463, 1)).toBe(117);
    expect(countAt(23463, 200)).toBe(23463);
    expect(countAt(4, 50)).toBe(1);
  });
});
