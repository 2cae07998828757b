import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Slide } from "#shared/schemas/slides.ts";
import { preferReducedMotion } from "#tests/support/reduced-motion.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { SLIDE_INTERVAL_MS } from "./motion.ts";
import { Slider } from "./slider.tsx";

const slide = (name: string, lightbox: string | null = `/big/${name}.webp`): Slide => ({
  image: `/img/${name}.webp`,
  srcset: `/img/${name}-480.webp 480w, /img/${name}.webp 720w`,
  width: 1600,
  height: 900,
  alt: `Picture of ${name}`,
  lightbox,
});
const slides = [slide("field"), slide("seeds"), slide("lab", null)];

/** The alt text of the slide shown now. */
const shown = (container: HTMLElement) =>
  container.querySelector('[data-active="true"] img')?.getAttribute("alt") ?? null;
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Slider", () => {
  it("advances every 4000 ms and wraps around", () => {
    const { container } = renderAt(<Slider slides={slides} />);
    expect(SLIDE_INTERVAL_MS).toBe(4000);
    expect(shown(container)).toBe("Picture of field");
    wait(3999);
    expect(shown(container)).toBe("Picture of field");
    wait(1);
    expect(shown(container)).toBe("Picture of seeds");
    wait(4000);
    expect(shown(container)).toBe("Picture of lab");
    wait(4000);
    expect(shown(container)).toBe("Picture of field");
  });

  it("gives the first picture its size, a srcset and high priority; others load lazily", () => {
    const { container } = renderAt(<Slider slides={slides} />);
    const [first, second] = container.querySelectorAll("img");
    expect(first).toHaveAttribute("width", "1600");
    expect(first).toHaveAttribute("height", "900");
    expect(first).toHaveAttribute("srcset", slides[0]?.srcset);
    expect(first).toHaveAttribute("fetchpriority", "high");
    expect(first).toHaveAttribute("loading", "eager");
    expect(second).toHaveAttribute("loading", "lazy");
  });

  it("stops on Pause and goes on after Play; Previous and Next step by hand", () => {
    const { container } = renderAt(<Slider slides={slides} />);
    fireEvent.click(screen.getByRole("button", { name: "Pause slideshow" }));
    wait(12_000);
    expect(shown(container)).toBe("Picture of field");
    fireEvent.click(screen.getByRole("button", { name: "Next picture" }));
    expect(shown(container)).toBe("Picture of seeds");
    fireEvent.click(screen.getByRole("button", { name: "Previous picture" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous picture" }));
    expect(shown(container)).toBe("Picture of lab");
    fireEvent.click(screen.getByRole("button", { name: "Play slideshow" }));
    wait(4000);
    expect(shown(container)).toBe("Picture of field");
  });

  it("does not move by itself under reduced motion, and offers no Pause", () => {
    preferReducedMotion();
    const { container } = renderAt(<Slider slides={slides} />);
    wait(20_000);
    expect(shown(container)).toBe("Picture of field");
    expect(screen.queryByRole("button", { name: /Pause/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Next picture" }));
    expect(shown(container)).toBe("Picture of seeds");
  });

  it("renders an empty, quiet slider when there are no slides", () => {
    const { container } = renderAt(<Slider slides={[]} />);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a single slide stays put, with no controls", () => {
    const { container } = renderAt(<Slider slides={[slide("only")]} />);
    wait(10_000);
    expect(shown(container)).toBe("Picture of only");
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("Lightbox", () => {
  it("opens the larger picture on a click, closes on Escape and returns focus to the slide", () => {
    renderAt(<Slider slides={slides} />);
    const link = screen.getByRole("link", { name: /Picture of field/ });
    expect(link).toHaveAttribute("href", "/big/field.webp");
    fireEvent.click(link);
    const dialog = screen.getByRole("dialog", { name: "Enlarged picture" });
    expect(within(dialog).getByRole("img")).toHaveAttribute("src", "/big/field.webp");
    expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();
    // The slideshow waits while the lightbox is open.
    wait(8000);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("link", { name: /Picture of field/ })).toHaveFocus();
  });

  it("closes with its X button, and keeps Tab inside", () => {
    renderAt(<Slider slides={slides} />);
    fireEvent.click(screen.getByRole("link", { name: /Picture of field/ }));
    const close = screen.getByRole("button", { name: "Close" });
    expect(close).toHaveTextContent("X");
    const tab = fireEvent.keyDown(document, { key: "Tab" });
    expect(tab).toBe(false);
    fireEvent.click(close);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the slide's own picture when the entry has no lightbox image", () => {
    renderAt(<Slider slides={[slide("lab", null)]} />);
    const link = screen.getByRole("link", { name: /Picture of lab/ });
    expect(link).toHaveAttribute("href", "/img/lab.webp");
    fireEvent.click(link);
    expect(within(screen.getByRole("dialog")).getByRole("img")).toHaveAttribute("src", "/img/lab.webp");
  });

  it("closes on a click on the backdrop but not on the picture", () => {
    renderAt(<Slider slides={slides} />);
    fireEvent.click(screen.getByRole("link", { name: /Picture of field/ }));
    const dialog = screen.getByRole("dialog");
    fireEvent.click(within(dialog).getByRole("img"));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    fireEvent.click(dialog);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
