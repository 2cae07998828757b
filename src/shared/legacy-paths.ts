/** The old site's addresses (SPEC section 2) and the pages they moved to, permanently. */
export const LEGACY_PATHS: Readonly<Record<string, string>> = {
  "/society": "/about-us",
  "/directorymain": "/directory",
  "/officemain": "/office-bearers",
  "/societyrulesmain": "/rules",
  "/award": "/awards",
  "/registrationformmain": "/sign-up",
  "/boardmain": "/editorial-board",
  "/executivecouncilmain": "/executive-council",
  "/congressmain": "/congress",
  "/doubt": "/contact-us",
  "/loginmain": "/login",
};
