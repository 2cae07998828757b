import {
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import { Link, NavLink, useLocation } from "react-router";
import { useSession } from "#components/session/session-store.ts";
import { signInFrom } from "#shared/return-path.ts";
import { type MenuDropdown, type MenuItem, menuFor } from "./menu";
import styles from "./site-nav.module.css";
import { useHydrated } from "./use-hydrated";
import { useSite } from "./use-site.ts";

/** Hover opens dropdowns only where there is a real pointer and room for the full bar. */
const HOVER_QUERY = "(hover: hover) and (min-width: 64em)";
/** Where the bar replaces the menu button and its panel (site-nav.module.css). */
const DESKTOP_QUERY = "(min-width: 64em)";
const canHover = () => window.matchMedia(HOVER_QUERY).matches;

/** What Tab may reach in the open panel: its buttons and links, but not those of closed dropdowns. */
function focusablesIn(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")].filter(
    (element) => !element.closest("[data-submenu]:not([data-open])"),
  );
}

/**
 * While the full-screen panel is open, the rest of the page is inert (no focus, no clicks, hidden
 * from screen readers: everything but the nav's panel, including the menu button under it) and
 * does not scroll behind it. Undone on close, leaving what was inert before as it was.
 */
function useModalPanel(
  open: boolean,
  navRef: RefObject<HTMLElement | null>,
  barRef: RefObject<HTMLElement | null>,
) {
  // A layout effect: applied and undone within the commit, so focus can go back to the menu
  // button straight after the panel closes.
  useLayoutEffect(() => {
    const nav = navRef.current;
    const bar = barRef.current;
    if (!open || !nav?.parentElement) return;
    const others = [...nav.parentElement.children, ...(bar ? [bar] : [])].filter(
      (element) => element !== nav && !element.hasAttribute("inert"),
    );
    for (const element of others) element.setAttribute("inert", "");
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      for (const element of others) element.removeAttribute("inert");
      root.style.overflow = overflow;
    };
  }, [open, navRef, barRef]);
}

/**
 * The sticky main navigation. Dropdowns follow the disclosure pattern (a button with
 * aria-expanded); before hydration, CSS opens them on hover and focus so they work without JS.
 */
export function SiteNav() {
  const hydrated = useHydrated();
  const menu = menuFor(useSite().journal.url);
  const location = useLocation();
  const [panelOpen, setPanelOpen] = useState(false);
  const [openDropdown, setOpenDropdown] = useState<string | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useModalPanel(panelOpen, nav, bar);

  // The panel is a phone's: widening the window to the desktop bar closes it (and frees the page).
  useEffect(() => {
    if (!panelOpen) return;
    const wide = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => wide.matches && setPanelOpen(false);
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, [panelOpen]);

  // Any navigation closes whatever was open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation by design
  useEffect(() => {
    setPanelOpen(false);
    setOpenDropdown(null);
  }, [location.key]);

  const openPanel = () => {
    flushSync(() => setPanelOpen(true));
    closeButton.current?.focus();
  };
  const closePanel = () => {
    flushSync(() => setPanelOpen(false));
    menuButton.current?.focus();
  };

  const onPanelKeyDown = (event: KeyboardEvent) => {
    if (!panelOpen) return;
    if (event.key === "Escape") closePanel();
    // Tab past either end of the panel comes round to its other end, as in a modal dialog.
    if (event.key === "Tab" && panel.current) {
      const focusables = focusablesIn(panel.current);
      const edge = event.shiftKey ? focusables[0] : focusables.at(-1);
      const other = event.shiftKey ? focusables.at(-1) : focusables[0];
      if (edge && other && document.activeElement === edge) {
        event.preventDefault();
        other.focus();
      }
    }
  };

  return (
    <nav ref={nav} aria-label="Main" className={styles.nav} data-enhanced={hydrated || undefined}>
      <div ref={bar} className={styles.bar}>
        {hydrated ? (
          <button
            ref={menuButton}
            type="button"
            className={styles.menuButton}
            aria-expanded={panelOpen}
            aria-controls="site-menu"
            onClick={openPanel}
          >
            <MenuIcon /> Menu
          </button>
        ) : (
          // Without JavaScript the menu button leads to the footer's Quick Links.
          <a className={styles.menuButton} href="#quick-links">
            <MenuIcon /> Menu
          </a>
        )}
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the open panel closes it */}
      <div
        ref={panel}
        id="site-menu"
        className={styles.panel}
        data-open={panelOpen || undefined}
        onKeyDown={onPanelKeyDown}
      >
        {hydrated && (
          <button ref={closeButton} type="button" className={styles.closeButton} onClick={closePanel}>
            <span aria-hidden="true">×</span> Close menu
          </button>
        )}
        <ul className={styles.list}>
          {menu.map((item) => (
            <MenuEntry
              key={item.name}
              item={item}
              open={openDropdown === item.name}
              onOpenChange={(open) => setOpenDropdown(open ? item.name : null)}
            />
          ))}
          {hydrated && <PanelAccountLink />}
        </ul>
      </div>
    </nav>
  );
}

type EntryProps = { item: MenuItem; open: boolean; onOpenChange: (open: boolean) => void };

function MenuEntry({ item, open, onOpenChange }: EntryProps) {
  if ("items" in item) return <Dropdown item={item} open={open} onOpenChange={onOpenChange} />;
  if ("href" in item) {
    return (
      <li>
        <a className={styles.link} href={item.href} target="_blank" rel="noopener">
          {item.name}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </li>
    );
  }
  return (
    <li>
      <NavLink className={styles.link} to={item.to} end>
        {item.name}
      </NavLink>
    </li>
  );
}

function Dropdown({ item, open, onOpenChange }: { item: MenuDropdown } & Omit<EntryProps, "item">) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      onOpenChange(false);
      button.current?.focus();
    } else if (event.key === "ArrowDown" && event.target === button.current) {
      event.preventDefault();
      flushSync(() => onOpenChange(true));
      list.current?.querySelector("a")?.focus();
    }
  };

  return (
    <li
      className={styles.dropdown}
      onMouseEnter={() => canHover() && onOpenChange(true)}
      onMouseLeave={() => canHover() && onOpenChange(false)}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onOpenChange(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.link}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => onOpenChange(!open)}
      >
        {item.name} <span aria-hidden="true" className={styles.caret} />
      </button>
      <ul ref={list} id={id} className={styles.submenu} data-submenu data-open={open || undefined}>
        {item.items.map((link) => (
          <li key={link.to}>
            <NavLink className={styles.sublink} to={link.to} end>
              {link.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The header's Sign In (or the signed-in account) inside the phone's panel, where the
 * header is out of reach; the desktop bar leaves it to the header.
 */
function PanelAccountLink() {
  const session = useSession();
  const { pathname, search } = useLocation();
  return (
    <li className={styles.accountEntry}>
      {session.kind === "signed-in" ? (
        <Link className={styles.link} to="/account">
          <span className="visually-hidden">Your account: </span>
          {session.account.name}
        </Link>
      ) : (
        <Link className={styles.link} to={signInFrom(pathname, search)}>
          Sign In
        </Link>
      )}
    </li>
  );
}

function MenuIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
      <path d="M2 4h16M2 10h16M2 16h16" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
