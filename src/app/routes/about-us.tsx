import { SocietyBanner } from "#components/layout/society-banner.tsx";
import { RichText } from "#components/ui/rich-text.tsx";
import { pageContent } from "#server/content/page-content.server.ts";
import { responsiveImage } from "#shared/contentful-image.ts";
import { formatIndianNumber } from "#shared/format-number.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/about-us";

export async function loader() {
  const site = await pageContent("site.yaml");
  const about = await pageContent("about.yaml");
  // An image on Contentful's CDN comes at the widths and in the formats the page asks for (its
  // Images API); the YAML's images are files of the site, served as they are.
  const images = about.images.map((image) => ({
    alt: image.alt,
    caption: image.caption,
    avif: responsiveImage(image, { format: "avif" }),
    webp: responsiveImage(image, { format: "webp" }),
  }));
  return { about, images, membership: site.membership };
}

/** The figures are at most 40rem wide (global.css, .figure), the page's width on a phone. */
const FIGURE_SIZES = "(min-width: 44rem) 40rem, 100vw";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "About Society", description: args.loaderData?.about.description ?? "" });

export default function AboutUs({ loaderData: { about, images, membership } }: Route.ComponentProps) {
  const [fieldImage, chromosomeImage] = images;
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

type FigureData = Route.ComponentProps["loaderData"]["images"][number];

/** A figure with its intrinsic size, so nothing moves when it arrives; AVIF where the browser takes it. */
function Figure({ image: { alt, caption, avif, webp } }: { image: FigureData }) {
  const sizes = webp.srcSet ? FIGURE_SIZES : undefined;
  return (
    <figure className="figure">
      <picture>
        {avif.srcSet && <source type="image/avif" srcSet={avif.srcSet} sizes={FIGURE_SIZES} />}
        <img
          src={webp.src}
          srcSet={webp.srcSet}
          sizes={sizes}
          alt={alt}
          width={webp.width}
          height={webp.height}
          loading="lazy"
        />
      </picture>
      {caption && <figcaption>{caption}</figcaption>}
    </figure>
  );
}
