/**
 * The three content types that were in use before the content model was code: news, the home
 * page slider and events, described as the site reads them (src/server/news/, slides/, events/).
 *
 * A space that already has all three adopts this migration without running it (the runner
 * records it as applied), so their fields and entries are never touched. On an empty space it
 * creates them. A space with only some of them is a case for a person: the runner stops.
 */
import type Migration from "contentful-migration";

export const adopts = ["isgpbNews", "sliderShow", "isgpbEvent"];

export default function existingTypes(migration: Migration) {
  const news = migration.createContentType("isgpbNews", {
    name: "News",
    displayField: "name",
    description: "A news item: the news pages, the home page ticker and preview, the RSS feed.",
  });
  news.createField("name", { type: "Symbol", name: "Title" });
  news.createField("slug", { type: "Symbol", name: "Slug" });
  news.createField("description", { type: "Text", name: "Description" });
  news.createField("date", { type: "Date", name: "Date" });
  news.createField("thumbnail", { type: "Link", linkType: "Asset", name: "Thumbnail" });
  news.createField("screenshot", { type: "Link", linkType: "Asset", name: "Attachment" });
  news.createField("url", { type: "Symbol", name: "Outside link" });

  const slides = migration.createContentType("sliderShow", {
    name: "Slider show",
    description: "Images of the home page slider; each image is one slide.",
  });
  slides.createField("image", {
    type: "Array",
    name: "Image",
    items: { type: "Link", linkType: "Asset" },
  });
  slides.createField("lightbox", { type: "Link", linkType: "Asset", name: "Lightbox image" });

  const events = migration.createContentType("isgpbEvent", {
    name: "Event",
    displayField: "title",
    description: "A meeting, lecture, workshop or congress: the events pages and the calendar feeds.",
  });
  events.createField("title", { type: "Symbol", name: "Title", required: true });
  events.createField("slug", { type: "Symbol", name: "Slug", required: true });
  events.createField("kind", { type: "Symbol", name: "Kind" });
  events.createField("start", { type: "Date", name: "Start", required: true });
  events.createField("end", { type: "Date", name: "End", required: true });
  events.createField("timeZone", { type: "Symbol", name: "Time zone" });
  events.createField("venue", { type: "Symbol", name: "Venue" });
  events.createField("onlineUrl", { type: "Symbol", name: "Online link" });
  events.createField("description", { type: "Text", name: "Description", required: true });
  events.createField("registrationUrl", { type: "Symbol", name: "Registration link" });
  events.createField("attachment", { type: "Link", linkType: "Asset", name: "Attachment" });
}
