import type { RouteHandle } from "#app/route-handle.ts";
import { SocietyBanner } from "#components/layout/society-banner.tsx";
import about from "#content/about.yaml";
import site from "#content/site.yaml";
import { formatIndianNumber } from "#shared/format-number.ts";

export const handle: RouteHandle = { meta: { title: "About Society", description: about.description } };

const figures = [
  { label: "members", value: site.membership.members },
  { label: "life members", value: site.membership.lifeMembers },
  { label: "annual members", value: site.membership.annualMembers },
];

export function Component() {
  const [fieldImage, chromosomeImage] = about.images;
  return (
    <>
      <SocietyBanner />
      <div className="page">
        <div className="prose">
          {about.history.map((text) => (
            <p key={text}>{text}</p>
          ))}
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

function Figure({ image }: { image: (typeof about.images)[number] }) {
  return (
    <figure className="figure">
      <img src={image.src} alt={image.alt} width={image.width} height={image.height} loading="lazy" />
      {image.caption && <figcaption>{image.caption}</figcaption>}
    </figure>
  );
}
