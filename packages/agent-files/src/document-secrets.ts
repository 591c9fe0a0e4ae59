import { configSecrets } from "@tinyloop/mcp-transport/config";
import { isSecretWordName, redactArgs } from "./redact-agent.js";

/** Keys whose object holds only secrets, in every format read here (`env`, `headers`, Codex's and Hermes' `http_headers`, Goose's `envs`, opencode's `environment`). */
const SECRET_MAPS = /^(env|envs|environment|env_vars|headers|http_headers)$/i;

/**
 * Every secret written in a parsed agent file, as it may appear in the file's text: header
 * and env values, values of keys named like `apiKey` or `token`, values after `--token`-like
 * args, defaults of password inputs, and URL user info and query values (mcp-transport's
 * `configSecrets` decides what of a header, env or URL is secret). A JSON-escaped form is
 * added where it differs, so a line of the file can be masked as written.
 */
export function documentSecrets(value: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown, key: string | undefined, depth: number) => {
    if (depth > 64) return;
    if (typeof node === "string") {
      if (node.includes("://")) found.push(...configSecrets({ url: node }));
      return;
    }
    if (Array.isArray(node)) {
      if ((key === "args" || key === "command") && node.every((arg) => typeof arg === "string"))
        found.push(...argSecrets(node));
      for (const item of node) walk(item, undefined, depth + 1);
      return;
    }
    if (node === null || typeof node !== "object") return;
    const strings = Object.fromEntries(
      Object.entries(node).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
    if (key !== undefined && SECRET_MAPS.test(key))
      found.push(...configSecrets({ headers: strings }));
    for (const [name, text] of Object.entries(strings))
      if (isSecretWordName(name)) found.push(...configSecrets({ headers: { [name]: text } }));
    // VS Code's `{ "password": true, "default": "…" }`: the default is the answer.
    if ((node as { password?: unknown }).password === true && typeof strings.default === "string")
      found.push(...configSecrets({ env: { default: strings.default } }));
    for (const [name, child] of Object.entries(node)) walk(child, name, depth + 1);
  };
  walk(value, undefined, 0);
  return [...new Set(found.flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]))];
}

/** The values `redactArgs` masks (`X` of `--token X` and of `--token=X`). */
function argSecrets(args: readonly string[]): string[] {
  const masked = redactArgs(args);
  return args.flatMap((arg, i) => {
    if (masked[i] === arg) return [];
    const eq = arg.startsWith("-") ? arg.indexOf("=") : -1;
    return configSecrets({ env: { arg: eq > 0 ? arg.slice(eq + 1) : arg } });
  });
}
