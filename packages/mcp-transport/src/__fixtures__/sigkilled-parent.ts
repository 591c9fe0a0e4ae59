// A program that connects to a server and then waits to be SIGKILLed:
// argv: <watchdog|none> <config JSON>. Prints "connected <watchdog pid or 0>".
import { connectServer } from "../connect-server.js";
import {
  parentDeathWatchdogPid,
  startParentDeathWatchdog,
} from "../stdio/parent-death-watchdog.js";

const [mode, config] = process.argv.slice(2);
if (mode === "watchdog") startParentDeathWatchdog();
await connectServer("orphan", JSON.parse(config ?? "{}"));
process.stdout.write(`connected ${parentDeathWatchdogPid() ?? 0}\n`);
setInterval(() => {}, 1_000);
