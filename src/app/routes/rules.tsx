import { SocietyBanner } from "#components/layout/society-banner.tsx";
import { RichText } from "#components/ui/rich-text.tsx";
import { pageContent } from "#server/content/page-content.server.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/rules";

export async function loader() {
  return { rules: await pageContent("rules.yaml") };
}

// The old site titled this page 'The society Section'; SPEC keeps that document title.
export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "The society Section", description: args.loaderData?.rules.description ?? "" });

export default function Rules({ loaderData: { rules } }: Route.ComponentProps) {
  return (
    <>
      <SocietyBanner />
      <div className="page">
        <p className="prose">{rules.intro}</p>
        <nav aria-labelledby="rules-contents" className="card toc">
          <h2 id="rules-contents">Contents</h2>
          <ol>
            {rules.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {rules.sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="prose rule"
          >
            <h2 id={`${section.id}-title`}>
              {index + 1}. {section.title}
            </h2>
            <RichText document={section.body} />
            <p>
              <a href="#rules-contents" className="back-to-top">
                Back to contents
              </a>
            </p>
          </section>
        ))}
      </div>
    </>
  );
}
