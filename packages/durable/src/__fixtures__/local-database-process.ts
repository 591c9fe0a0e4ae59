// Starts, reuses and stops the local database in argv[2], printing one JSON line of what it
// saw: run as a user other than root, to check that path for real (the tests run as root).
import { localDatabase, stopLocalDatabase } from "../local-database.js";

const folder = process.argv[2] ?? "";
const first = await localDatabase({ folder });
const again = await localDatabase({ folder });
const stopped = await stopLocalDatabase({ folder });
process.stdout.write(
  `${JSON.stringify({ uid: process.getuid?.(), started: [first.started, again.started], stopped })}\n`,
);
