import { useEffect, useRef } from "react";
import styles from "./home.module.css";

type Props = { image: string; alt: string; onClose: () => void };

/**
 * A full-screen view of one picture, with an X close button. Escape, the button or a click on
 * the backdrop closes it; focus stays on the close button while it is open (the opener returns
 * focus to the slide).
 */
export function Lightbox({ image, alt, onClose }: Props) {
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
      // The close button is the dialog's only control: Tab must not leave for the page behind.
      if (event.key === "Tab") event.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape and the close button are the keyboard ways out
    <div
      role="dialog"
      aria-modal="true"
      aria-label="Enlarged picture"
      className={styles.lightbox}
      // A click on the dark backdrop closes; a click on the picture does not.
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <button ref={closeButton} type="button" className={styles.lightboxClose} onClick={onClose}>
        <span aria-hidden="true">X</span>
        <span className="visually-hidden">Close</span>
      </button>
      <img src={image} alt={alt} className={styles.lightboxImage} />
    </div>
  );
}
