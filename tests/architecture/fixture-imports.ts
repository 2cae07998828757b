// A fixture for the import rules' parser: one import of each form it must see. Never imported.

import type { ServerEnv } from "#server/env.server.ts";
import { z } from "../../src/shared/zod.ts";

export { join } from "node:path";

export const later = () => import("./fixture-imports.ts");
export type Env = ServerEnv;
export const schema = z.string();
