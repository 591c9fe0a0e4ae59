// A process started by spawnBatchWorker: prints what it was given, then, once its batch is
// gone, prints "gone" and exits.
import { onBatchGone } from "../batch-worker-process.js";
import { DATABASE_URL_VARIABLE } from "../choose-database.js";

const watching = onBatchGone(() => {
  process.stderr.write("gone\n");
  process.exit(0);
});
const url = process.env[DATABASE_URL_VARIABLE];
process.stderr.write(`${JSON.stringify({ watching, url, argv: process.argv.slice(2) })}\n`);
// A process no batch started has nothing to wait for.
if (watching) setInterval(() => {}, 1000);
