import type { ToolAnnotations, ToolDefinition, ToolHandler } from "@tinyloop/registry";
import { callFailureResult, serverDownResult } from "./call-failure.js";
import { normalizeInputSchema } from "./input-schema.js";
import { compileOutputSchema, type OutputValidator } from "./output-schema.js";
import type { McpToolDescription, ServerConnection } from "./server-connection.js";
import { type McpToolCallResult, toToolResult } from "./tool-result.js";
import { taskSupportOf } from "./tool-task-support.js";

/** What {@link buildMcpTool} needs besides the tool itself. */
export interface McpToolContext {
  server: string;
  toolset: string;
  connection: ServerConnection;
  /** The server's last error, for "server is down" results. */
  lastError: () => Error | undefined;
  /** Timeout of each call (the server's `timeouts.callMs`), passed as the call's `timeoutMs`. */
  callMs?: number | undefined;
  /** Passed on each call; unset leaves it to the connection. */
  whileReconnecting?: "wait" | "fail" | undefined;
  /** The registry deferral of the tool (`false` for an `alwaysLoad` server); unset leaves it to the agent. */
  deferred?: boolean | undefined;
  /** Told about problems found only when the tool is first called (an uncompilable outputSchema). */
  onWarning?: (warning: string) => void;
}

/** A registry definition and handler for one MCP tool, plus notes for the report. */
export interface BuiltMcpTool {
  definition: ToolDefinition;
  handler: ToolHandler;
  warnings: string[];
}

/** States in which a call is passed to the connection. */
const CALLABLE_STATES = new Set(["ready", "reconnecting", "connecting"]);

const booleanHints = [
  "readOnlyHint",
  "destructiveHint",
  "idempotentHint",
  "openWorldHint",
] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The MCP annotations the registry knows, type-checked; the tool's `title` fills a missing one. */
function annotationsOf(tool: McpToolDescription): ToolAnnotations | undefined {
  const given = isRecord(tool.annotations) ? tool.annotations : {};
  const annotations: ToolAnnotations = {};
  const title = typeof given.title === "string" ? given.title : tool.title;
  if (typeof title === "string") annotations.title = title;
  for (const hint of booleanHints)
    if (typeof given[hint] === "boolean") annotations[hint] = given[hint];
  return Object.keys(annotations).length > 0 ? annotations : undefined;
}

/**
 * Turns one MCP tool into a registry definition (under `name`) and a handler that
 * forwards calls to the server. The handler never throws: a server that is not ready,
 * a timeout, a cancellation or a transport error all come back as the registry's outcomes
 * (`UNAVAILABLE`, `TIMEOUT`, `ABORTED`, `TOOL_FAILED`) naming the server and the reason.
 */
export function buildMcpTool(
  name: string,
  tool: McpToolDescription,
  context: McpToolContext,
): BuiltMcpTool {
  const warnings: string[] = [];
  const { schema, changes } = normalizeInputSchema(tool.inputSchema);
  for (const change of changes) warnings.push(`tool "${tool.name}": ${change}`);
  const definition: ToolDefinition = {
    name,
    description: tool.description ?? tool.title ?? "",
    inputSchema: schema,
    toolset: context.toolset,
    source: { server: context.server, tool: tool.name },
  };
  if (context.deferred !== undefined) definition.deferred = context.deferred;
  const annotations = annotationsOf(tool);
  if (annotations) definition.annotations = annotations;
  let validateOutput: OutputValidator | undefined;
  const outputSchema = tool.outputSchema;
  if (isRecord(outputSchema)) {
    definition.outputSchema = outputSchema;
    // Compiled on the first result, not here: Ajv needs milliseconds per schema, which
    // would add up when many servers register hundreds of tools at start-up.
    let compiled: OutputValidator | undefined;
    validateOutput = (value) => {
      if (!compiled) {
        const outcome = compileOutputSchema(outputSchema);
        if ("error" in outcome) {
          context.onWarning?.(`tool "${tool.name}": ${outcome.error}; results are not checked`);
          compiled = () => ({ valid: true });
        } else compiled = outcome.validate;
      }
      return compiled(value);
    };
  }
  const { connection, server, callMs, whileReconnecting } = context;
  // A task-capable tool may run as an MCP task; mcp-transport decides when (a long call).
  const taskSupport = taskSupportOf(tool);
  const convert = { validateOutput };
  const handler: ToolHandler = async (args, call) => {
    // A reconnecting server gets the call: the connection waits or refuses (whileReconnecting).
    if (!CALLABLE_STATES.has(connection.state)) {
      return serverDownResult({ name, server }, connection.state, context.lastError());
    }
    try {
      const result = await connection.callTool(tool.name, args, {
        ...(call.signal ? { signal: call.signal } : {}),
        ...(call.onProgress ? { onProgress: call.onProgress } : {}),
        ...(callMs !== undefined ? { timeoutMs: callMs } : {}),
        ...(whileReconnecting ? { whileReconnecting } : {}),
        ...(taskSupport ? { taskSupport } : {}),
      });
      return toToolResult((result ?? {}) as McpToolCallResult, convert);
    } catch (error) {
      return callFailureResult({ name, server }, error, call.signal);
    }
  };
  return { definition, handler, warnings };
}
