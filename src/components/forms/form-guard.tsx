import { useEffect, useId, useRef } from "react";
import { getJson } from "#client/api-client.ts";
import { formTokenSchema } from "#shared/api/form-answers.ts";
import { HONEYPOT_FIELD, TOKEN_FIELD } from "#shared/form-guard.ts";
import styles from "./form-guard.module.css";

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
 * form token. A full page load arrives with the token stamped in by the form-token edge function;
 * after a client-side navigation the page fetches one. The token input has no value prop, so
 * React keeps a stamped value when it hydrates, and a failed fetch leaves the input as it was.
 */
export function FormGuard() {
  const token = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (token.current?.value) return;
    const controller = new AbortController();
    getJson("/api/form-token", formTokenSchema, { signal: controller.signal })
      .then(({ token: value }) => {
        if (token.current) token.current.value = value;
      })
      .catch(() => {}); // without a token the server quarantines the message rather than losing it
    return () => controller.abort();
  }, []);

  return (
    <>
      <Honeypot />
      <input ref={token} type="hidden" name={TOKEN_FIELD} />
    </>
  );
}
