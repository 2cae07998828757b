import { Link } from "react-router";
import { pageContent } from "#server/content/page-content.server.ts";
import { formatNewsDate } from "#shared/format-date.ts";
import { privacyNoticeVersion } from "#shared/privacy-notice.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/privacy";

/**
 * The privacy notice (content/privacy.yaml), prerendered: the same for every visitor. Its version
 * is the one each application records when its applicant accepts it; whom to write to is the
 * contact page's Secretary.
 */
export function loader() {
  const { secretary, address, email } = pageContent("contact.yaml");
  return {
    notice: pageContent("privacy.yaml"),
    version: privacyNoticeVersion,
    versionDate: formatNewsDate(privacyNoticeVersion, privacyNoticeVersion).date,
    contact: { secretary, address, email },
  };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Privacy notice", description: args.loaderData?.notice.description ?? "" });

export default function Privacy({
  loaderData: { notice, version, versionDate, contact },
}: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>Privacy notice</h1>
      <p className="prose" data-privacy-version={version}>
        Version of {versionDate}.
      </p>
      <p className="prose">{notice.intro}</p>
      <nav aria-labelledby="privacy-contents" className="card toc">
        <h2 id="privacy-contents">Contents</h2>
        <ol>
          {notice.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
          <li>
            <a href="#write-to-us">Whom to write to</a>
          </li>
        </ol>
      </nav>
      {notice.sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="prose">
          <h2 id={`${section.id}-title`}>{section.title}</h2>
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {section.items && (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <section id="write-to-us" aria-labelledby="write-to-us-title" className="prose">
        <h2 id="write-to-us-title">Whom to write to</h2>
        <p>
          For anything about your personal data, write to {contact.secretary} of the Society, who answers for
          it, by e-mail to <a href={`mailto:${contact.email}`}>{contact.email}</a>, with the{" "}
          <Link to="/contact-us">contact form</Link>, or by post:
        </p>
        <address>
          {contact.address.map((line) => (
            <span key={line}>
              {line}
              <br />
            </span>
          ))}
        </address>
      </section>
    </div>
  );
}
