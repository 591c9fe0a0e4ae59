// A program that pre-starts a server (with the watchdog) and never adopts or stops it:
// argv: <exit|throw|wait> <config JSON>. Prints "started <watchdog pid>", then, on a line
// on stdin, exits or throws; with "wait" it waits to be SIGKILLed.
import { parentDeathWatchdogPid } from "../stdio/parent-death-watchdog.js";
import { prestartStdioServers } from "../stdio/prestart.js";

const [how, config] = process.argv.slice(2);
prestartStdioServers({ orphan: JSON.parse(config ?? "{}") }, { watchdog: true });
process.stdout.write(`started ${parentDeathWatchdogPid() ?? 0}\n`);
process.stdin.once("data", () => {
  if (how === "throw") throw new Error("uncaught on purpose");
  process.exit(0);
});
setInterval(() => {}, 1_000);
