import { Link } from "react-router";

/** The privacy notice's address, linked from the footer and every form that collects personal data. */
export const PRIVACY_PATH = "/privacy";

/**
 * The line under a form that collects personal data: where to read what is done with it (issue 33,
 * 'A privacy notice'). `className`: the form's own style for a note.
 */
export function PrivacyNote({ className }: { className?: string }) {
  return (
    <p className={className}>
      What we do with what you send, who sees it and how long we keep it: our{" "}
      <Link to={PRIVACY_PATH}>privacy notice</Link>.
    </p>
  );
}
