import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { CliError } from "../cli-error.js";

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Takes `<out>.lock` for this process, so two batches never write one results file; a lock
 * left by a process that is gone is taken over. Returns the release function. `shown` is the
 * path as the user gave it, for the message.
 * @throws CliError `USAGE` when a live batch holds it.
 */
export function lockResultsFile(out: string, shown = out): () => void {
  const path = `${out}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(path, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) {
        throw new CliError({
          code: "USAGE",
          message: `--out ${shown}: another batch (pid ${holder}) is writing this file; wait for it to finish, or pass another --out`,
        });
      }
      rmSync(path, { force: true }); // its batch is gone: take over
    }
  }
  throw new CliError({ code: "USAGE", message: `--out ${shown}: could not take ${path}` });
}
