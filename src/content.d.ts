// Types of the validated content modules (see scripts/build/content.ts and src/shared/content-schemas.ts).
declare module "#content/site.yaml" {
  const data: import("#shared/schemas/site.ts").Site;
  export default data;
}
declare module "#content/about.yaml" {
  const data: import("#shared/schemas/about.ts").About;
  export default data;
}
declare module "#content/rules.yaml" {
  const data: import("#shared/schemas/rules.ts").Rules;
  export default data;
}
declare module "#content/office-bearers.yaml" {
  const data: import("#shared/schemas/office-bearers.ts").OfficeBearers;
  export default data;
}
declare module "#content/executive-council.yaml" {
  const data: import("#shared/schemas/council.ts").Council;
  export default data;
}
declare module "#content/editorial-board.yaml" {
  const data: import("#shared/schemas/editorial-board.ts").EditorialBoard;
  export default data;
}
declare module "#content/awards.yaml" {
  const data: import("#shared/schemas/awards.ts").Awards;
  export default data;
}
declare module "#content/congress.yaml" {
  const data: import("#shared/schemas/congress.ts").Congress;
  export default data;
}
declare module "#content/contact.yaml" {
  const data: import("#shared/schemas/contact-page.ts").ContactPage;
  export default data;
}
declare module "#content/membership.yaml" {
  const data: import("#shared/schemas/membership.ts").Membership;
  export default data;
}
