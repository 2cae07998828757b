import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side page change, focus moves to the new content, as a page load would put a
 * screen reader at the top: returns the ref for the page's <main>.
 */
export function useFocusOnNavigation() {
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes by design
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
  return main;
}
