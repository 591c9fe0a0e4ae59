import { statSync } from "node:fs";
import { win32 } from "node:path";
import { quoteCmdArgument, quoteCmdProgram } from "./cmd-exe-quoting.js";

/** What {@link resolveSpawnCommand} looks at; each part defaults to this process's own. */
export interface CommandLookup {
  /** Default `process.platform`. */
  platform?: NodeJS.Platform;
  /** The PATH to search (Windows only). Default `process.env.PATH`. */
  path?: string;
  /** The extensions a bare name may have (Windows only). Default `process.env.PATHEXT`, else `.COM;.EXE;.BAT;.CMD`. */
  pathExt?: string;
  /** The command interpreter for `.cmd`/`.bat` files (Windows only). Default `process.env.ComSpec`, else `cmd.exe`. */
  comSpec?: string;
  /** The server's working directory, against which a relative command path is resolved. */
  cwd?: string;
  /** True when a regular file exists at the path. Default: a `statSync` check. */
  fileExists?: (path: string) => boolean;
}

/** The program, arguments and argument mode that are actually spawned, without a shell. */
export interface SpawnCommand {
  file: string;
  args: string[];
  /** True when `args` is an already-quoted cmd.exe command line that must be passed as is. */
  windowsVerbatimArguments: boolean;
}

const DEFAULT_PATH_EXT = ".COM;.EXE;.BAT;.CMD";
/** Extensions Windows can start directly; `.cmd`/`.bat` need cmd.exe; the rest (.js, .vbs…) a host we do not pick. */
const DIRECT_EXTENSIONS = [".exe", ".com"];
const CMD_EXTENSIONS = [".cmd", ".bat"];
/** npm's `node_modules/.bin` shims hand their arguments to a second cmd line. */
const NPM_SHIM = /node_modules[\\/]\.bin[\\/][^\\/]+\.cmd$/i;

/**
 * How a stdio server's command is spawned without a shell on `platform`.
 *
 * - POSIX (Linux, macOS): unchanged; the system searches PATH for the name.
 * - Windows: a bare name is looked up in PATH with each PATHEXT extension (never in the
 *   current directory), so `npx` finds `npx.cmd`. `.exe`/`.com` are spawned directly.
 *   `.cmd`/`.bat` cannot be spawned without a shell since Node's CVE-2024-27980 fix, so
 *   they run as `cmd.exe /d /s /c "<program> <args>"` with every argument quoted and its
 *   cmd metacharacters caret-escaped (twice for npm shims), passed verbatim. A name that
 *   is not found is returned unchanged, so the spawn reports it as not found.
 */
export function resolveSpawnCommand(
  command: string,
  args: readonly string[],
  lookup: CommandLookup = {},
): SpawnCommand {
  const platform = lookup.platform ?? process.platform;
  if (platform !== "win32")
    return { file: command, args: [...args], windowsVerbatimArguments: false };
  const found = findWindowsExecutable(command, lookup);
  if (!found) return { file: command, args: [...args], windowsVerbatimArguments: false };
  const extension = win32.extname(found).toLowerCase();
  if (!CMD_EXTENSIONS.includes(extension)) {
    return { file: found, args: [...args], windowsVerbatimArguments: false };
  }
  const doubleEscape = NPM_SHIM.test(found);
  const commandLine = [
    quoteCmdProgram(found),
    ...args.map((argument) => quoteCmdArgument(argument, doubleEscape)),
  ].join(" ");
  return {
    file: lookup.comSpec ?? process.env.ComSpec ?? "cmd.exe",
    args: ["/d", "/s", "/c", `"${commandLine}"`],
    windowsVerbatimArguments: true,
  };
}

function findWindowsExecutable(command: string, lookup: CommandLookup): string | undefined {
  const fileExists = lookup.fileExists ?? isFile;
  const extensions = (lookup.pathExt ?? process.env.PATHEXT ?? DEFAULT_PATH_EXT)
    .split(";")
    .map((extension) => extension.trim().toLowerCase())
    .filter(
      (extension) => DIRECT_EXTENSIONS.includes(extension) || CMD_EXTENSIONS.includes(extension),
    );
  const hasExtension = extensions.includes(win32.extname(command).toLowerCase());
  const candidatesIn = (base: string): string[] =>
    hasExtension ? [base] : extensions.map((extension) => `${base}${extension}`);
  const isPath = /[\\/]/.test(command) || win32.isAbsolute(command);
  const bases = isPath
    ? [lookup.cwd === undefined ? command : win32.resolve(lookup.cwd, command)]
    : (lookup.path ?? process.env.PATH ?? "")
        .split(";")
        .map((directory) => directory.trim().replace(/^"(.*)"$/, "$1"))
        .filter((directory) => directory !== "")
        .map((directory) => win32.join(directory, command));
  for (const base of bases) {
    const match = candidatesIn(base).find(fileExists);
    if (match) return match;
  }
  return undefined;
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}
