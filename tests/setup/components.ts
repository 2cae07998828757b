import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { allowConsole } from "#tests/support/console.ts";

afterEach(() => cleanup());

// `findBy…` and `waitFor` give up after 1 s by default. `npm test` runs these tests beside the
// typecheck and the build on two cores, where a route's first render through msw can take
// longer: they wait up to 5 s for the same thing instead of failing a busy machine.
configure({ asyncUtilTimeout: 5_000 });

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
