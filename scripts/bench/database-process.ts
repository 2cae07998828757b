/**
 * The benchmark's database in a process of its own, as Netlify Database is a server of its own:
 * the queries' work is not counted against the site's code. Run as a child: starts the local
 * database in memory (scripts/dev/local-database.ts), prints its address, and stops when its
 * parent closes its input.
 */
import { startLocalDatabase } from "../dev/local-database.ts";

const local = await startLocalDatabase();
process.stdout.write(`${local.url}\n`);
process.stdin.resume();
process.stdin.on("end", () => void local.stop().then(() => process.exit(0)));
