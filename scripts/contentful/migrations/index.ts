/**
 * Every migration, in the order they apply. A migration, once applied to a space in use, is never
 * edited: a change to the model is a new file here. Names are recorded in the space (see
 * ../migration-runner.ts), so each one runs once per space and environment.
 */
import type { MigrationFunction } from "contentful-migration";
import existingTypes, { adopts as existingTypesAdopt } from "./0001-existing-types.ts";
import documentsFiguresPeople from "./0002-documents-figures-people.ts";
import siteAndPages from "./0003-site-and-pages.ts";
import councilBoardOfficeBearers from "./0004-council-board-office-bearers.ts";
import awards from "./0005-awards.ts";
import membership from "./0006-membership.ts";
import membershipTitleHelp from "./0007-membership-title-help.ts";
import officeBearersResults from "./0008-office-bearers-results.ts";

export type ModelMigration = {
  name: string;
  migrate: MigrationFunction;
  /**
   * Content types this migration creates that a space may already have from before: when all of
   * them exist, the migration is recorded as applied without running.
   */
  adopts?: readonly string[];
};

export const MIGRATIONS: readonly ModelMigration[] = [
  { name: "0001-existing-types", migrate: existingTypes, adopts: existingTypesAdopt },
  { name: "0002-documents-figures-people", migrate: documentsFiguresPeople },
  { name: "0003-site-and-pages", migrate: siteAndPages },
  { name: "0004-council-board-office-bearers", migrate: councilBoardOfficeBearers },
  { name: "0005-awards", migrate: awards },
  { name: "0006-membership", migrate: membership },
  { name: "0007-membership-title-help", migrate: membershipTitleHelp },
  { name: "0008-office-bearers-results", migrate: officeBearersResults },
];
