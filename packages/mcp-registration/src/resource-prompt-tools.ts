import { ForwardingServerConnection } from "./forwarding-server-connection.js";
import type { McpToolDescription, ServerConnection } from "./server-connection.js";

/** Names (before prefixing) of the tools that expose a server's resources and prompts. */
export const RESOURCE_TOOL_NAMES = ["list_resources", "read_resource"] as const;
/** Names (before prefixing) of the tools that expose a server's prompts. */
export const PROMPT_TOOL_NAMES = ["list_prompts", "get_prompt"] as const;

type FeatureToolName = (typeof RESOURCE_TOOL_NAMES)[number] | (typeof PROMPT_TOOL_NAMES)[number];

interface Listed {
  uri?: string;
  uriTemplate?: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
  arguments?: { name: string; description?: string; required?: boolean }[];
}

function descriptions(server: string): Record<FeatureToolName, McpToolDescription> {
  const empty = { type: "object", properties: {} };
  return {
    list_resources: {
      name: "list_resources",
      description: `List the resources (documents, files, data) that MCP server "${server}" offers: URI, name, MIME type and description of each, and URI templates. Read one with read_resource.`,
      inputSchema: empty,
      annotations: { readOnlyHint: true },
    },
    read_resource: {
      name: "read_resource",
      description: `Read one resource of MCP server "${server}" by its URI (from list_resources, or a URI template filled in).`,
      inputSchema: {
        type: "object",
        properties: {
          uri: { type: "string", description: "The resource URI, e.g. file:///notes.md" },
        },
        required: ["uri"],
      },
      annotations: { readOnlyHint: true },
    },
    list_prompts: {
      name: "list_prompts",
      description: `List the prompt templates that MCP server "${server}" offers, with their arguments. Fill one in with get_prompt.`,
      inputSchema: empty,
      annotations: { readOnlyHint: true },
    },
    get_prompt: {
      name: "get_prompt",
      description: `Get one prompt template of MCP server "${server}", filled in with its arguments; answers its messages.`,
      inputSchema: {
        type: "object",
        properties: {
          name: { type: "string", description: "The prompt's name, from list_prompts" },
          arguments: {
            type: "object",
            description: "The prompt's arguments by name (string values)",
            additionalProperties: { type: "string" },
          },
        },
        required: ["name"],
      },
      annotations: { readOnlyHint: true },
    },
  };
}

function line(item: Listed, key: "uri" | "uriTemplate" | "name"): string {
  const label = item.title ?? (key === "name" ? undefined : item.name);
  const parts = [`- ${item[key] ?? "?"}`];
  if (label) parts.push(` — ${label}`);
  if (item.mimeType) parts.push(` (${item.mimeType})`);
  if (item.description) parts.push(`: ${item.description}`);
  if (item.arguments?.length) {
    const args = item.arguments.map(
      (a) => `${a.name}${a.required ? "" : "?"}${a.description ? ` (${a.description})` : ""}`,
    );
    parts.push(` [arguments: ${args.join(", ")}]`);
  }
  return parts.join("");
}

function textResult(text: string, structuredContent?: Record<string, unknown>) {
  return { content: [{ type: "text", text }], ...(structuredContent ? { structuredContent } : {}) };
}

function errorResult(text: string) {
  return { content: [{ type: "text", text }], isError: true };
}

type CallOptions = Parameters<ServerConnection["callTool"]>[2];

async function callFeatureTool(
  connection: ServerConnection,
  tool: FeatureToolName,
  args: Record<string, unknown>,
  options: CallOptions,
): Promise<unknown> {
  const request = {
    ...(options?.signal ? { signal: options.signal } : {}),
    ...(options?.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options?.whileReconnecting ? { whileReconnecting: options.whileReconnecting } : {}),
  };
  switch (tool) {
    case "list_resources": {
      const resources = ((await connection.listResources?.(request)) ?? []) as Listed[];
      // Templates are optional for a server: one that does not answer the method has none.
      const templates = ((await connection.listResourceTemplates?.(request).catch(() => [])) ??
        []) as Listed[];
      const lines = [
        resources.length === 0
          ? `Server "${connection.name}" lists no resources.`
          : `Resources of server "${connection.name}":`,
        ...resources.map((r) => line(r, "uri")),
      ];
      if (templates.length > 0) {
        lines.push("URI templates (fill in the {placeholders}, then read_resource):");
        lines.push(...templates.map((t) => line(t, "uriTemplate")));
      }
      return textResult(lines.join("\n"), { resources, resourceTemplates: templates });
    }
    case "read_resource": {
      const uri = args.uri;
      if (typeof uri !== "string" || uri === "") {
        return errorResult(
          `read_resource needs "uri": a resource URI from list_resources, e.g. {"uri": "file:///notes.md"}`,
        );
      }
      const contents = (await connection.readResource?.(uri, request)) ?? [];
      if (contents.length === 0) return textResult(`Resource ${uri} is empty.`);
      return { content: contents.map((resource) => ({ type: "resource", resource })) };
    }
    case "list_prompts": {
      const prompts = ((await connection.listPrompts?.(request)) ?? []) as Listed[];
      const lines = [
        prompts.length === 0
          ? `Server "${connection.name}" lists no prompts.`
          : `Prompts of server "${connection.name}":`,
        ...prompts.map((p) => line(p, "name")),
      ];
      return textResult(lines.join("\n"), { prompts });
    }
    case "get_prompt": {
      const { name, arguments: given = {} } = args as { name?: unknown; arguments?: unknown };
      if (typeof name !== "string" || name === "") {
        return errorResult(
          `get_prompt needs "name": a prompt name from list_prompts, e.g. {"name": "summarize", "arguments": {"topic": "MCP"}}`,
        );
      }
      const promptArgs: Record<string, string> = {};
      for (const [key, value] of Object.entries((given ?? {}) as Record<string, unknown>)) {
        promptArgs[key] = typeof value === "string" ? value : JSON.stringify(value);
      }
      const result = (await connection.getPrompt?.(name, promptArgs, request)) as
        | { description?: string; messages?: { role: string; content: unknown }[] }
        | undefined;
      const content: unknown[] = [];
      if (result?.description) content.push({ type: "text", text: result.description });
      for (const message of result?.messages ?? []) {
        content.push({ type: "text", text: `[${message.role}]` }, message.content);
      }
      return { content };
    }
  }
}

/**
 * The connection as registration sees it: its tools plus `list_resources` /
 * `read_resource` when the server has the `resources` capability and `list_prompts` /
 * `get_prompt` when it has `prompts` (a real tool of the same name wins). Calls to those
 * names go to `resources/*` and `prompts/*`; their results look like tool results, so the
 * usual naming, filtering, collision and conversion rules apply to them.
 */
class ResourcePromptConnection extends ForwardingServerConnection {
  private features = new Set<FeatureToolName>();

  override async listTools(): Promise<readonly McpToolDescription[]> {
    const connection = this.inner;
    const tools = await connection.listTools();
    const taken = new Set(tools.map((tool) => tool.name));
    const capabilities = connection.capabilities ?? {};
    const offered: FeatureToolName[] = [];
    if (capabilities.resources && connection.listResources && connection.readResource) {
      offered.push(...RESOURCE_TOOL_NAMES);
    }
    if (capabilities.prompts && connection.listPrompts && connection.getPrompt) {
      offered.push(...PROMPT_TOOL_NAMES);
    }
    this.features = new Set(offered.filter((name) => !taken.has(name)));
    const all = descriptions(connection.name);
    return [...tools, ...[...this.features].map((name) => all[name])];
  }

  override callTool(
    name: string,
    args: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<unknown> {
    if (this.features.has(name as FeatureToolName)) {
      return callFeatureTool(this.inner, name as FeatureToolName, args, options);
    }
    return super.callTool(name, args, options);
  }
}

/** `connection` with its resources and prompts offered as tools (see ResourcePromptConnection). */
export function withResourceAndPromptTools(connection: ServerConnection): ServerConnection {
  return new ResourcePromptConnection(connection);
}
