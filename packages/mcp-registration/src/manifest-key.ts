import { createHash } from "node:crypto";
import { stat } from "node:fs/promises";
import { delimiter, isAbsolute, resolve, sep } from "node:path";
import type { ServerConfig } from "@tinyloop/mcp-transport";

/** Size and modification time of a file a stdio server runs, so a changed server gets a new key. */
export interface FileStamp {
  path: string;
  size: number;
  mtimeMs: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** JSON with object keys sorted, so equal configs give equal text whatever their key order. */
export function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(",")}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${sortedJson(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

async function fileStamp(path: string): Promise<FileStamp | undefined> {
  try {
    const info = await stat(path);
    return info.isFile() ? { path, size: info.size, mtimeMs: info.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

/** The executable a bare command name runs, found on PATH as the server would find it. */
async function onPath(
  command: string,
  pathVariable: string | undefined,
): Promise<FileStamp | undefined> {
  for (const dir of (pathVariable ?? "").split(delimiter)) {
    if (dir === "") continue;
    const found = await fileStamp(resolve(dir, command));
    if (found) return found;
  }
  return undefined;
}

const looksLikeFile = (arg: string) =>
  !arg.startsWith("-") && (arg.includes("/") || arg.includes(sep) || /\.[a-z0-9]{1,5}$/i.test(arg));

/**
 * Stamps of the files a stdio server runs: its command (a path, or a name found on PATH)
 * and every argument that names an existing file (`server.js`, `dist/index.js`).
 * Directories are left out: a served folder changes whenever a file in it does.
 */
export async function serverFileStamps(
  command: string,
  args: readonly string[],
  cwd: string | undefined,
  pathVariable: string | undefined,
): Promise<FileStamp[]> {
  const base = cwd ?? process.cwd();
  const stamps: FileStamp[] = [];
  const isPath = isAbsolute(command) || command.includes("/") || command.includes(sep);
  const commandStamp = isPath
    ? await fileStamp(resolve(base, command))
    : await onPath(command, pathVariable);
  if (commandStamp) stamps.push(commandStamp);
  for (const arg of args) {
    if (!looksLikeFile(arg)) continue;
    const stamp = await fileStamp(resolve(base, arg));
    if (stamp) stamps.push(stamp);
  }
  return stamps;
}

/**
 * The manifest-cache key of a server: a SHA-256 of what identifies it — command, args,
 * cwd and env (stdio) or url and headers (HTTP) — and of the stamps of the files it runs.
 * Timeouts, reconnect policy and `enabled` do not change what a server offers, so they are
 * left out. The server's own version is checked when it starts (see the README).
 */
export async function manifestKey(config: ServerConfig): Promise<string> {
  const {
    enabled: _enabled,
    timeouts: _t,
    reconnect: _r,
    pingIntervalMs: _p,
    ...identity
  } = config;
  const stamps =
    "command" in config
      ? await serverFileStamps(
          config.command,
          config.args ?? [],
          config.cwd,
          config.env?.PATH ?? process.env.PATH,
        )
      : [];
  const kind = "command" in config ? "stdio" : (config.type ?? "http");
  return createHash("sha256")
    .update(sortedJson({ v: 1, kind, identity, stamps }))
    .digest("hex")
    .slice(0, 32);
}
