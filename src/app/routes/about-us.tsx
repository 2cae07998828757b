import { SocietyBanner } from "#components/layout/society-banner.tsx";
import { RichText } from "#components/ui/rich-text.tsx";
import { pageContent } from "#server/content/page-content.server.ts";
import { formatIndianNumber } from "#shared/format-number.ts";
import type { About } from "#shared/schemas/about.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/about-us";

export async function loader() {
  const site = await pageContent("site.yaml");
  return { about: await pageContent("about.yaml"), membership: site.membership };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "About Society", description: args.loaderData?.about.description ?? "" });

export default function AboutUs({ loaderData: { about, membership } }: Route.ComponentProps) {
  const [fieldImage, chromosomeImage] = about.images;
  const figures = [
    { label: "members", value: membership.members },
    { label: "life members", value: membership.lifeMembers },
    { label: "annual members", value: membership.annualMembers },
  ];
  return (
    <>
      <SocietyBanner />
      <div className="page">
        <div className="prose">
          <RichText document={about.history} />
        </div>
        <ul className="figures" aria-label="Membership">
          {figures.map((figure) => (
            <li key={figure.label}>
              <strong>{formatIndianNumber(figure.value)}</strong> {figure.label}
            </li>
          ))}
        </ul>
        {fieldImage && <Figure image={fieldImage} />}
        <h2 id="aims">Aims and objectives</h2>
        <p className="prose">{about.aims.intro}</p>
        <ol className="prose">
          {about.aims.items.map((aim) => (
            <li key={aim}>{aim}</li>
          ))}
        </ol>
        {chromosomeImage && <Figure image={chromosomeImage} />}
      </div>
    </>
  );
}

function Figure({ image }: { image: About["images"][number] }) {
  return (
    <figure className="figure">
      <img src={image.src} alt={image.alt} width={image.width} height={image.height} loading="lazy" />
      {image.caption && <figcaption>{image.caption}</figcaption>}
    </figure>
  );
}
