import { postToServer } from "#components/forms/client-action.ts";
import { ContactForm } from "#features/contact/contact-form.tsx";
import { contactForm } from "#server/contact/contact-form.server.ts";
import { pageContent } from "#server/content/page-content.server.ts";
import { pageForm } from "#server/forms/page-form.server.ts";
import { freshFormToken } from "#server/spam/form-token.server.ts";
import { CONTACT_SENT } from "#shared/forms/contact-fields.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/contact-us";

/** Rendered for each visit: the form carries a spam-guard token of its own. */
export async function loader({ request }: Route.LoaderArgs) {
  return {
    contact: await pageContent("contact.yaml"),
    formToken: await freshFormToken(),
    sent: new URL(request.url).searchParams.get("status") === "sent",
  };
}

export const action = pageForm(contactForm);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Contact Us",
    description: args.loaderData?.contact.description ?? "",
    noindex: args.location.search.includes("status="),
  });

const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export default function ContactUs({ loaderData: { contact, formToken, sent } }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>Contact Us</h1>
      {sent && (
        <p role="status" className="card notice">
          {CONTACT_SENT}
        </p>
      )}
      <p className="prose">{contact.intro}</p>
      <div className="contact-layout">
        <address className="card contact-card">
          <h2>{contact.secretary}</h2>
          <p>
            {contact.address.map((line) => (
              <span key={line} className="contact-line">
                {line}
              </span>
            ))}
          </p>
          <p>
            Mobile: <a href={tel(contact.mobile)}>{contact.mobile}</a>
            <br />
            E-mail: <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </p>
          <h3>Secretariat</h3>
          <ul>
            {contact.staff.map((person) => (
              <li key={person.name}>
                {person.name}: <a href={tel(person.phone)}>{person.phone}</a>
              </li>
            ))}
          </ul>
        </address>
        <ContactForm formToken={formToken} />
      </div>
    </div>
  );
}
