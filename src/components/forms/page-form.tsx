import {
  createContext,
  type FormEvent,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
} from "react";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import type { FieldErrors, FieldRules } from "#shared/forms/field-rules.ts";
import type { FormRefusal, FormResult } from "#shared/forms/form-result.ts";
import { errorSummaryId, refusedTitle } from "#shared/forms/refused-page.ts";
import { useHydrated } from "../layout/use-hydrated.ts";
import { checkFields } from "./check-fields.ts";

const INVALID = "Please correct the highlighted fields.";

/**
 * What the fields of a form read: the problem with each, what was typed before (no JavaScript),
 * and the prefix of their ids (a page with two forms asking for the same field: sign-in and
 * "send me a fresh link" both ask for an e-mail address).
 */
type FormState = {
  errors: FieldErrors;
  values: Record<string, string | string[]>;
  idPrefix: string;
  /** The spam guard's token a refused plain post handed back (FormRefusal.formToken). */
  formToken?: string;
};
const FormStateContext = createContext<FormState>({ errors: {}, values: {}, idPrefix: "" });
export const useFormState = () => useContext(FormStateContext);

/** The refusal a page's GET brought back for this form, after a plain post (form-flash.server.ts). */
function useFlashedRefusal(name: string): FormResult | null {
  const root = useRouteLoaderData("root") as { refused?: FormResult | null } | undefined;
  return root?.refused?.form === name ? root.refused : null;
}

type Options = {
  rules: FieldRules;
  /** A check the browser cannot make (two passwords that must match); its field errors. */
  check?: (form: HTMLFormElement) => FieldErrors;
  /** The sentence over the browser's own objections. */
  invalid?: string;
};

/**
 * One form of a page, posted to its route's action through a fetcher: checked first with the
 * browser's rules (worded as the server words them), then answered by the action. A refusal puts
 * each error beside its field and focus on the first; a done form moves on to the page the
 * action names. Without JavaScript the same form posts itself and the page comes back with the
 * refusal (src/server/forms/page-form.server.ts), read here the same way.
 */
export function usePageForm(name: string, { rules, check, invalid = INVALID }: Options) {
  // One fetcher per form and visit of the page: a refusal belongs to the page it was shown on, so
  // another form's success, which moves the page on, does not leave this one's errors standing.
  const { key: visit } = useLocation();
  const fetcher = useFetcher<FormResult>({ key: `${name}:${visit}` });
  const flashed = useFlashedRefusal(name);
  const [objections, setObjections] = useState<FieldErrors | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.data ?? flashed;
  const refusal = result && !result.ok ? result : null;
  const errors = objections ?? refusal?.errors ?? {};

  // After the server refuses, focus goes to the first field it named, as after the browser's own check.
  useEffect(() => {
    if (!fetcher.data || fetcher.data.ok) return;
    focusFirst(formRef.current, fetcher.data.errors);
  }, [fetcher.data]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const found = { ...checkFields(form, rules), ...check?.(form) };
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setObjections(found);
      focusFirst(form, found);
      return;
    }
    setObjections(null);
  }

  const sending = fetcher.state !== "idle";
  const message = objections ? invalid : (result?.message ?? "");
  // The browser's own objections refuse the form as the server would: the same summary over it.
  const shown: FormRefusal | null = objections
    ? { ok: false, form: name, message: invalid, errors: objections }
    : refusal;
  return {
    name,
    fetcher,
    formRef,
    onSubmit,
    sending,
    errors,
    /** What refused the form (the browser's own checks, or the server), shown over it as its error summary. */
    refusal: shown,
    values: flashed && !flashed.ok ? (flashed.values ?? {}) : {},
    formToken: flashed && !flashed.ok ? flashed.formToken : undefined,
    /** The line under the form: what went wrong, or what was done (a form that stays). */
    status: {
      kind: objections || refusal ? ("error" as const) : result?.ok ? ("done" as const) : ("idle" as const),
      message,
    },
  };
}

export type PageFormState = ReturnType<typeof usePageForm>;

/**
 * Focus goes to the first field on the page that the errors name, within its own form. Not the
 * errors' first key: a check across fields (the two passwords) adds its errors after the
 * browser's own, which would send focus past it to a later field.
 */
function focusFirst(form: HTMLFormElement | null, errors: FieldErrors) {
  const field = Array.from(form?.elements ?? []).find(
    (element) => "name" in element && typeof element.name === "string" && Object.hasOwn(errors, element.name),
  );
  if (field instanceof HTMLElement) field.focus();
}

type PageFormProps = {
  form: PageFormState;
  /** Put before each field's id, for a second form on the page with fields of the same names. */
  idPrefix?: string;
  /** Where the form posts: its page's own route (the default) or another page's. */
  action?: string;
  method?: "post" | "get";
  className?: string;
  children: ReactNode;
  /** multipart/form-data for a form that sends a file (its spec reads it: `files`). */
  encType?: "multipart/form-data";
} & Omit<
  React.FormHTMLAttributes<HTMLFormElement>,
  "action" | "method" | "onSubmit" | "children" | "encType"
>;

/** The <form> of a usePageForm: the fetcher's form, with its fields' errors and typed values. */
export function PageForm({ form, action, method = "post", idPrefix = "", children, ...rest }: PageFormProps) {
  const hydrated = useHydrated();
  return (
    <FormStateContext
      value={{ errors: form.errors, values: form.values, idPrefix, formToken: form.formToken }}
    >
      <form.fetcher.Form
        ref={form.formRef}
        method={method}
        action={action}
        // With JavaScript our checks speak first, in the server's words; without, the browser's own.
        noValidate={hydrated}
        onSubmit={form.onSubmit}
        {...rest}
      >
        {form.refusal && <ErrorSummary refusal={{ ...form.refusal, form: form.name }} idPrefix={idPrefix} />}
        {children}
      </form.fetcher.Form>
    </FormStateContext>
  );
}

/**
 * The summary of a plain post's refusal whose form the page no longer draws: a ballot sent from a
 * second tab after the first had voted comes back to a page that shows the vote, not the ballot,
 * yet it must still say why this one was refused (the redirect's address points here).
 */
export function FlashedRefusal({ form }: { form: string }) {
  const flashed = useFlashedRefusal(form);
  return flashed && !flashed.ok ? <ErrorSummary refusal={flashed} /> : null;
}

/**
 * A refused form's summary, at its top: "There is a problem" and each field's error as a link to
 * the field (or, when no field is named, the sentence the server answered). The same with or
 * without JavaScript: after a plain post the page is drawn with it, and the redirect's address
 * points at it (its id, errorSummaryId); after a fetcher's post, or the browser's own checks, it
 * appears with the refusal, announced as an alert. While it is shown the page's title says so.
 */
export function ErrorSummary({ refusal, idPrefix = "" }: { refusal: FormRefusal; idPrefix?: string }) {
  const problems = Object.entries(refusal.errors).filter(([, message]) => message);
  const titleId = `${idPrefix}${refusal.form || "form"}-error-summary-title`;
  return (
    <div
      id={errorSummaryId(refusal.form)}
      className="error-summary"
      role="alert"
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <RefusedTitle />
      <h2 id={titleId}>There is a problem</h2>
      {problems.length > 0 ? (
        <ul>
          {problems.map(([name, message]) => (
            <li key={name}>
              <a href={`#${idPrefix}${name}`}>{message}</a>
            </li>
          ))}
        </ul>
      ) : (
        <p>{refusal.message}</p>
      )}
    </div>
  );
}

/**
 * The page's title, "Error: " first, while a refusal is shown in the browser. React puts a
 * component's <title> in the head before the route's own (meta), so the document takes this one,
 * and drops it when the summary goes (the form corrected and sent, another page). The server's
 * page says it in its meta instead (page-meta.ts: it knows the page's title, which this reads
 * from the document): until the page has hydrated there is nothing to add.
 */
function RefusedTitle() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return <title>{refusedTitle(document.title)}</title>;
}
