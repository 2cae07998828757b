import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { NavLink, useLocation } from "react-router-dom";
import { type MenuDropdown, type MenuItem, menu } from "./menu";
import styles from "./site-nav.module.css";
import { useHydrated } from "./use-hydrated";

/** Hover opens dropdowns only where there is a real pointer and room for the full bar. */
const HOVER_QUERY = "(hover: hover) and (min-width: 64em)";
const canHover = () => window.matchMedia(HOVER_QUERY).matches;

/**
 * The sticky main navigation. Dropdowns follow the disclosure pattern (a button with
 * aria-expanded); before hydration, CSS opens them on hover and focus so they work without JS.
 */
export function SiteNav() {
  const hydrated = useHydrated();
  const location = useLocation();
  const [panelOpen, setPanelOpen] = useState(false);
  const [openDropdown, setOpenDropdown] = useState<string | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

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
    setPanelOpen(false);
    menuButton.current?.focus();
  };

  const onPanelKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && panelOpen) closePanel();
  };

  return (
    <nav aria-label="Main" className={styles.nav} data-enhanced={hydrated || undefined}>
      <div className={styles.bar}>
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
      <ul ref={list} id={id} className={styles.submenu} data-open={open || undefined}>
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

function MenuIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
      <path d="M2 4h16M2 10h16M2 16h16" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
