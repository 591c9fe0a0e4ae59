import { basename, dirname } from "node:path";

const RUNNERS = new Set([
  "npx",
  "pnpx",
  "bunx",
  "uvx",
  "pipx",
  "pnpm",
  "yarn",
  "deno",
  "bun",
  "node",
  "python",
  "python3",
  "uv",
  "docker",
]);
const RUNNER_WORDS = new Set(["dlx", "exec", "run", "x", "tool", "--"]);
const GENERIC_FILES = new Set([
  "index",
  "cli",
  "main",
  "bin",
  "server",
  "dist",
  "build",
  "lib",
  "src",
]);

function tidy(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function fromPackage(spec: string): string {
  let name = spec.replace(/(.)@[^/]*$/, "$1"); // drop a version: pkg@latest, @scope/pkg@1
  if (name.startsWith("@")) {
    const [scope, pkg = ""] = name.slice(1).split("/");
    name = ["mcp", "server", "mcp-server"].includes(pkg) ? (scope ?? pkg) : pkg;
  }
  const stripped = tidy(name)
    .replace(/^(mcp-server-|server-|mcp-)/, "")
    .replace(/(-mcp-server|-mcp|-server)$/, "");
  return stripped === "" ? tidy(name) : stripped;
}

function fromPath(file: string): string {
  const inModules = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)?.pop();
  if (inModules) return fromPackage(inModules.slice("node_modules/".length));
  let current = file;
  while (current !== dirname(current)) {
    const name = fromPackage(basename(current).replace(/\.[cm]?[jt]s$|\.py$/, ""));
    if (name && !GENERIC_FILES.has(name) && name !== "mcp") return name;
    current = dirname(current);
  }
  return "server";
}

function fromUrl(url: string): string {
  try {
    const { hostname, port } = new URL(url);
    if (hostname === "localhost" || /^[\d.]+$|^\[/.test(hostname))
      return `localhost${port ? `-${port}` : ""}`;
    const labels = hostname.split(".").filter((l) => !["www", "mcp", "api"].includes(l));
    return tidy(labels.length > 1 ? labels.slice(0, -1).join("-") : (labels[0] ?? hostname));
  } catch {
    return "remote";
  }
}

/**
 * A short server name from how it is started or reached, for formats (tiny-agents'
 * `servers` list, `--server`, `--url`) that give none:
 * `npx @playwright/mcp@latest` → `playwright`, `https://huggingface.co/mcp` → `huggingface`.
 */
export function deriveServerName(transport: {
  command?: string;
  args?: readonly string[];
  url?: string;
}): string {
  if (transport.command === undefined) return fromUrl(transport.url ?? "") || "remote";
  const command = basename(transport.command);
  if (!RUNNERS.has(command)) return fromPackage(command.replace(/\.[cm]?js$/, "")) || "server";
  const target = (transport.args ?? []).find((a) => !a.startsWith("-") && !RUNNER_WORDS.has(a));
  if (!target) return tidy(command) || "server";
  if (target.includes("/") && !target.startsWith("@")) return fromPath(target) || "server";
  return fromPackage(target) || "server";
}

/** Makes names unique in order: the second `files` becomes `files-2`. */
export function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; seen.has(candidate); n++) candidate = `${name}-${n}`;
    seen.add(candidate);
    return candidate;
  });
}
