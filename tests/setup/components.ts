import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { allowConsole } from "#tests/support/console.ts";

afterEach(() => cleanup());

// jsdom has no matchMedia; components ask it about hover and reduced motion. Tests that need
// another answer stub it themselves.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom does no layout, so it has no scrollIntoView.
Element.prototype.scrollIntoView ??= () => {};

// jsdom does not know the <search> element yet (browsers do), and React says so once per file.
allowConsole("error", /^The tag <%s> is unrecognized in this browser\..* search$/);
