import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import styles from "./dialog.module.css";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

type Props = { title: string; onClose: () => void; children: ReactNode };

/**
 * A modal dialog: focus moves in on open and stays inside (Tab and Shift+Tab wrap), Escape or
 * a click on the backdrop closes it, and focus returns to whatever opened it.
 */
export function Dialog({ title, onClose, children }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Taken while the dialog first renders, in the same turn as the click that opened it: an effect
  // may run after a paint, and focus may have moved on by then.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the opener is fixed for the dialog's life
  useEffect(() => {
    const first = panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    return () => opener?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== "Tab" || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    // The panel itself takes focus when plain text in it is clicked; Shift+Tab from there wraps too.
    const atStart = document.activeElement === first || document.activeElement === panel.current;
    if (event.shiftKey && atStart) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    // The backdrop is a mouse convenience; keyboard users have Escape and the Close button.
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop only closes on a click
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled inside the dialog
    <div className={styles.backdrop} onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={panel}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children}
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
