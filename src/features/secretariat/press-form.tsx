import type { ReactNode } from "react";
import { FormStatusLine } from "#components/forms/fields.tsx";
import { PageForm, type PageFormState, usePageForm } from "#components/forms/page-form.tsx";

/**
 * A button that acts on one record ('Not spam', 'Send again', 'Send a test'): a form of its own,
 * posted to its page's action, whose only refusal is a sentence beside the button (the record is
 * gone, our records could not be reached). Done, the page comes back with the outcome at its top.
 */
export function PressForm({
  name,
  action,
  label,
  buttonClass,
  className,
  children,
}: {
  /** The form's name on its page (src/shared/secretariat-paths.ts): its refusal is its own. */
  name: string;
  action: string;
  label: string;
  buttonClass?: string;
  className?: string;
  /** Hidden fields the post carries. */
  children?: ReactNode;
}) {
  const form = usePageForm(name, { rules: {} });
  return (
    <PageForm form={form} action={action} className={className}>
      {children}
      <button type="submit" className={buttonClass} disabled={form.sending}>
        {label}
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}

/** What was typed into a field before a refused post came back without JavaScript, or else `fallback`. */
export function typedOr(form: PageFormState, name: string, fallback: string): string {
  const typed = form.values[name];
  return typeof typed === "string" ? typed : fallback;
}
