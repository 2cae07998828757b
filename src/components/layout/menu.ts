export type MenuLink = { name: string; to: string };
export type ExternalLink = { name: string; href: string };
export type MenuDropdown = { name: string; items: readonly MenuLink[] };
export type MenuItem = MenuLink | ExternalLink | MenuDropdown;

/** The main navigation, as SPEC section 2 lists it; the journal is the society's own site. */
export const menuFor = (journalUrl: string): readonly MenuItem[] => [
  { name: "HOME", to: "/" },
  {
    name: "THE SOCIETY",
    items: [
      { name: "About Society", to: "/about-us" },
      { name: "Society Rules", to: "/rules" },
      { name: "Office Bearers", to: "/office-bearers" },
      { name: "Directory", to: "/directory" },
    ],
  },
  {
    name: "BOARD",
    items: [
      { name: "Executive Council", to: "/executive-council" },
      { name: "Editorial Board", to: "/editorial-board" },
    ],
  },
  { name: "THE JOURNAL", href: journalUrl },
  { name: "FELLOWSHIP", to: "/fellowship" },
  { name: "AWARDS", to: "/awards" },
  {
    name: "NEWS & EVENTS",
    items: [
      { name: "NEWS", to: "/news-events" },
      { name: "EVENTS", to: "/events" },
    ],
  },
  { name: "CONGRESS", items: [{ name: "Second National Genetic Congress", to: "/congress" }] },
  { name: "CONTACT US", to: "/contact-us" },
  { name: "MEMBERSHIP", to: "/sign-up" },
];

/** The footer's two columns of Quick Links: every page but detail pages, search and the directory. */
export const quickLinks: readonly (readonly MenuLink[])[] = [
  [
    { name: "Home", to: "/" },
    { name: "About Society", to: "/about-us" },
    { name: "Society Rules", to: "/rules" },
    { name: "Office Bearers", to: "/office-bearers" },
  ],
  [
    { name: "Executive Council", to: "/executive-council" },
    { name: "Editorial Board", to: "/editorial-board" },
    { name: "Fellowship", to: "/fellowship" },
    { name: "Awards", to: "/awards" },
    { name: "News & Events", to: "/news-events" },
    { name: "Events", to: "/events" },
    { name: "Second National Genetic Congress", to: "/congress" },
    { name: "Contact Us", to: "/contact-us" },
    { name: "Membership", to: "/sign-up" },
    { name: "Login", to: "/login" },
    { name: "Privacy notice", to: "/privacy" },
  ],
];
