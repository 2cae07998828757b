import { useSearchParams } from "react-router-dom";
import type { RouteHandle } from "#app/route-handle.ts";
import contact from "#content/contact.yaml";
import { ContactForm } from "#features/contact/contact-form.tsx";

export const handle: RouteHandle = {
  meta: ({ search }) => ({
    title: "Contact Us",
    description: contact.description,
    noindex: search.has("status"),
  }),
  // A form posted without JavaScript comes back to one of these.
  prerender: () => ["/contact-us?status=sent", "/contact-us?status=invalid"],
  view: ["status"],
};

const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <div className="page">
      <h1>Contact Us</h1>
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
        <ContactForm returned={searchParams.get("status")} />
      </div>
    </div>
  );
}
