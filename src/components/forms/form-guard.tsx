import { useId } from "react";
import { HONEYPOT_FIELD, TOKEN_FIELD } from "#shared/form-guard.ts";
import styles from "./form-guard.module.css";
import { useFormState } from "./page-form.tsx";

/** A field people never see or reach; a bot that fills every input fills this one too. */
export function Honeypot() {
  const id = useId();
  return (
    <div className={styles.trap} aria-hidden="true">
      <label htmlFor={id}>Reference (leave this empty)</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/**
 * The spam guard's hidden fields, placed inside a protected form: the honeypot and the signed
 * form token the page's loader made for this visit (src/server/spam/form-token.server.ts), or,
 * on the page drawn again after a refused plain post, the one that post carried.
 */
export function FormGuard({ token }: { token: string }) {
  const { formToken: handedBack } = useFormState();
  return (
    <>
      <Honeypot />
      <input type="hidden" name={TOKEN_FIELD} value={handedBack ?? token} />
    </>
  );
}
