/**
 * A page the app cannot hydrate is rendered afresh: one a function filled in for one visitor (the
 * signed-in pages, /search?q=…), the not-found page served for a news item or event the build did
 * not know, a view value with no prerendered page. Drawn straight into the page, it replaced what
 * the reader was looking at with a "Loading..." line, or with the page as made for no one, before
 * the finished page came. So it is drawn off screen, into a copy of the root element, and swapped
 * in once it has settled: the router has its data and nothing in it is pending
 * (PENDING_ATTRIBUTE). Until then the served page stays, working as it does without JavaScript;
 * what was typed or ticked on it goes over to the same fields, and the focus to the same field,
 * link or button.
 */
import { PENDING_ATTRIBUTE } from "#components/layout/pending.tsx";

/** How long the served page stays when the app's page does not settle (a service that hangs). */
export const FRESH_RENDER_LIMIT_MS = 4000;

/** What the app's page waits on besides its own pending parts: the router's first load. */
export type Settling = { ready: () => boolean; subscribe: (listener: () => void) => () => void };

/**
 * Renders the app (`render` mounts it into the element it is given) behind the served content of
 * `container`, and puts it in the container's place once settled, or after `limitMs`. Resolves
 * when it has.
 */
export function renderBehindServedPage(
  container: HTMLElement,
  render: (into: HTMLElement) => void,
  settling: Settling,
  limitMs = FRESH_RENDER_LIMIT_MS,
): Promise<void> {
  const fresh = container.cloneNode(false) as HTMLElement;
  const scroll = keepScroll();
  return new Promise((resolve) => {
    let done = false;
    let mounted = false;
    let nextCheck: ReturnType<typeof setTimeout> | undefined;
    const swap = () => {
      if (done) return;
      done = true;
      observer.disconnect();
      unsubscribe();
      clearTimeout(timer);
      clearTimeout(nextCheck);
      const focused = focusFinder(container, document.activeElement);
      carryFields(container, fresh);
      container.replaceWith(fresh);
      focused?.(fresh)?.focus({ preventScroll: true });
      scroll.release();
      resolve();
    };
    const check = () => {
      if (fresh.hasChildNodes() && settling.ready() && !fresh.querySelector(`[${PENDING_ATTRIBUTE}]`)) swap();
    };
    // Checked in a task of its own: a part that suspends shows its fallback in a render just
    // after the one that suspended it, and between the two nothing looks pending.
    const checkSoon = () => {
      clearTimeout(nextCheck);
      nextCheck = setTimeout(check, 0);
    };
    const observer = new MutationObserver(() => {
      // The router resets the scroll when it first renders, before the page paints again: the
      // reader stays where they were.
      if (!mounted && fresh.hasChildNodes()) {
        mounted = true;
        scroll.restore();
      }
      checkSoon();
    });
    observer.observe(fresh, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: [PENDING_ATTRIBUTE],
    });
    const unsubscribe = settling.subscribe(checkSoon);
    const timer = setTimeout(swap, limitMs);
    render(fresh);
  });
}

/** Holds the window where the reader has scrolled it, against scrolls that are not theirs. */
function keepScroll() {
  let y = window.scrollY;
  const follow = () => {
    y = window.scrollY;
  };
  window.addEventListener("scroll", follow, { passive: true });
  return {
    restore: () => {
      if (window.scrollY !== y) window.scrollTo(0, y);
    },
    release: () => window.removeEventListener("scroll", follow),
  };
}

type FormField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const SKIPPED_TYPES = new Set(["hidden", "submit", "button", "reset", "image", "file"]);

/**
 * The fields of a tree by a key that names the same field in another rendering of the page: its
 * form's action, its name, its value for a box, and its place among fields with that key.
 */
function fieldKeys(root: ParentNode): Map<FormField, string> {
  const keys = new Map<FormField, string>();
  const seen = new Map<string, number>();
  for (const field of root.querySelectorAll<FormField>("input, textarea, select")) {
    if (!field.name || SKIPPED_TYPES.has(field.type)) continue;
    const box = field.type === "checkbox" || field.type === "radio";
    const base = `${field.form?.getAttribute("action") ?? ""} ${field.name}${box ? `=${field.value}` : ""}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    keys.set(field, `${base} #${count}`);
  }
  return keys;
}

function fieldsByKey(root: ParentNode): Map<string, FormField> {
  return new Map([...fieldKeys(root)].map(([field, key]) => [key, field]));
}

/**
 * How to find the focused element in another rendering of the page: a field by its key, a link by
 * its address and a button by its words, each by its place among those alike.
 */
function focusFinder(
  root: HTMLElement,
  element: Element | null,
): ((other: ParentNode) => HTMLElement | null) | null {
  if (!element || !root.contains(element)) return null;
  const field = fieldKeys(root).get(element as FormField);
  if (field) return (other) => fieldsByKey(other).get(field) ?? null;
  const alike = alikeTo(element);
  if (!alike) return null;
  const place = alike(root).indexOf(element);
  return (other) => (alike(other)[place] as HTMLElement | undefined) ?? null;
}

function alikeTo(element: Element): ((root: ParentNode) => Element[]) | null {
  if (element instanceof HTMLAnchorElement) {
    const href = element.getAttribute("href");
    return (root) => [...root.querySelectorAll("a")].filter((link) => link.getAttribute("href") === href);
  }
  if (element instanceof HTMLButtonElement) {
    const words = element.textContent?.trim();
    return (root) =>
      [...root.querySelectorAll("button")].filter((button) => button.textContent?.trim() === words);
  }
  return null;
}

/** Whether the reader has changed a field from what the page came with. */
function changed(field: FormField): boolean {
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((o) => o.selected !== o.defaultSelected);
  if (isBox(field)) return field.checked !== field.defaultChecked;
  return field.value !== (field as HTMLInputElement | HTMLTextAreaElement).defaultValue;
}

/** Whether `field` shows what `served` came with: the app has not put anything else in it. */
function showsServedDefault(field: FormField, served: FormField): boolean {
  if (field instanceof HTMLSelectElement && served instanceof HTMLSelectElement)
    return [...field.options].every(
      (option, index) => option.selected === served.options[index]?.defaultSelected,
    );
  if (isBox(field) && isBox(served)) return field.checked === served.defaultChecked;
  return !(served instanceof HTMLSelectElement) && field.value === served.defaultValue;
}

const isBox = (field: FormField): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");

/**
 * Gives each field of `to` that still shows what the served page came with the reader's change
 * to the same field of `from`, through the element's own setter and an input and change event,
 * so a field the app controls takes it into its state as if typed.
 */
export function carryFields(from: ParentNode, to: ParentNode): void {
  const targets = fieldsByKey(to);
  for (const [field, key] of fieldKeys(from)) {
    const target = targets.get(key);
    if (!target || !changed(field) || !showsServedDefault(target, field)) continue;
    if (target instanceof HTMLSelectElement && field instanceof HTMLSelectElement) {
      for (const [index, option] of [...target.options].entries())
        option.selected = field.options[index]?.selected ?? false;
    } else if (isBox(target) && isBox(field)) {
      setProperty(target, "checked", field.checked);
    } else {
      setProperty(target, "value", field.value);
    }
    target.dispatchEvent(new Event("input", { bubbles: true }));
    target.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/** Sets a field's value or checked state as the browser would, past React's own tracking of it. */
function setProperty(field: FormField, name: "value" | "checked", value: string | boolean) {
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, name)?.set;
  if (setter) setter.call(field, value);
  else Object.assign(field, { [name]: value });
}
