import { isAbsolute, resolve } from "node:path";
import { describeValue, formatKeyPath } from "@tinyloop/errors";
import {
  McpTransportError,
  parseServerConfig,
  type ServerConfig,
} from "@tinyloop/mcp-transport/config";
import type { AgentFileServer } from "./agent-file.js";
import { AgentFileError } from "./agent-file-error.js";
import type { ConfigPath } from "./config-path.js";
import { readEnvFile } from "./env-file.js";
import type { ParsedDocument } from "./parsed-document.js";
import { invalidAt } from "./schema-error.js";
import { type ServerDraft, serverExtras } from "./server-draft.js";

function located(doc: ParsedDocument, path: ConfigPath) {
  const position = doc.locate(path);
  return position ? { ...position, excerpt: doc.source.excerpt(position) } : {};
}

/**
 * Turns expanded drafts into the transport's {@link ServerConfig}: reads each `envFile`
 * (relative to `workspace`; `env` wins over it), checks that a URL is http(s), then validates
 * the config with @tinyloop/mcp-transport's own `parseServerConfig`, the one config check.
 */
export function buildServers(
  drafts: readonly ServerDraft[],
  { doc, workspace }: { doc: ParsedDocument; workspace: string },
): AgentFileServer[] {
  return drafts.map((draft) => {
    const paths = draft.fieldPaths;
    let config: ServerConfig;
    if (draft.kind === "stdio") {
      let env = draft.env;
      if (draft.envFile !== undefined) {
        const file = isAbsolute(draft.envFile) ? draft.envFile : resolve(workspace, draft.envFile);
        try {
          env = { ...readEnvFile(file), ...env };
        } catch (error) {
          throw invalidAt(doc, paths.envFile ?? draft.path, {
            problem: `cannot read the envFile ${AgentFileError.isInstance(error) ? error.message : `${file} (${(error as Error).message})`}`,
            example: `"envFile": "\${workspaceFolder}/.env"`,
          });
        }
      }
      config = {
        type: "stdio",
        command: draft.command ?? "",
        args: draft.args,
        env,
        ...(draft.cwd !== undefined ? { cwd: draft.cwd } : {}),
      };
      // Checked below by the transport's own `sandbox` schema, the one rule for its values.
      if (draft.sandbox !== undefined)
        (config as { sandbox?: unknown }).sandbox = draft.sandbox.value;
    } else {
      if (draft.sandbox !== undefined) throw sandboxOnUrl(doc, draft.sandbox.path);
      const url = draft.url ?? "";
      checkHttpUrl(url, { doc, path: paths.url ?? draft.path });
      config =
        draft.kind === "auto"
          ? { url, headers: draft.headers }
          : { type: draft.kind, url, headers: draft.headers };
      if (draft.oauth !== undefined) (config as { oauth?: unknown }).oauth = draft.oauth;
    }
    if (draft.callMs !== undefined || draft.connectMs !== undefined) {
      config.timeouts = {
        ...(draft.callMs !== undefined ? { callMs: Math.max(1, draft.callMs) } : {}),
        ...(draft.connectMs !== undefined ? { connectMs: Math.max(1, draft.connectMs) } : {}),
      };
    }
    if (draft.reconnect !== undefined) config.reconnect = draft.reconnect;
    if (draft.pingIntervalMs !== undefined) config.pingIntervalMs = draft.pingIntervalMs;
    if (!draft.enabled) config.enabled = false;
    try {
      config = parseServerConfig(config, formatKeyPath(draft.path));
    } catch (error) {
      if (!McpTransportError.isInstance(error)) throw error;
      // A bad `sandbox` is pointed at where it sits; any other problem at the entry.
      const at =
        draft.sandbox && error.message.includes(`${formatKeyPath(draft.path)}.sandbox`)
          ? draft.sandbox.path
          : draft.path;
      throw new AgentFileError({
        code: "INVALID",
        file: doc.file,
        path: at,
        ...located(doc, at),
        problem: doc.source.masked(
          error.message.replace(/^Invalid MCP server config(?: at [^:]*)?:\s*(?:- )?/, ""),
        ),
        cause: error,
      });
    }
    return { name: draft.name, path: draft.path, config, ...serverExtras(draft) };
  });
}

/** `sandbox` on a server reached by URL: nothing of it runs here, so there is nothing to confine. */
function sandboxOnUrl(doc: ParsedDocument, path: ConfigPath): AgentFileError {
  return invalidAt(
    doc,
    path,
    {
      problem:
        'a server reached by "url" runs elsewhere, so tinyloop has no process of it to confine: remove "sandbox" here (it confines servers started by "command")',
      example: '{ "command": "npx", "args": ["-y", "some-mcp-server"], "sandbox": true }',
    },
    { key: true },
  );
}

/** Throws `INVALID` at `path` unless `url` is an absolute http(s) URL. */
export function checkHttpUrl(
  url: string,
  { doc, path }: { doc: ParsedDocument; path: ConfigPath },
) {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (parsed && (parsed.protocol === "http:" || parsed.protocol === "https:")) return;
  throw invalidAt(doc, path, {
    expected: "an http(s) URL",
    received: describeValue(url, (text) => doc.source.masked(text)),
    example: `"url": "https://example.com/mcp"`,
  });
}
