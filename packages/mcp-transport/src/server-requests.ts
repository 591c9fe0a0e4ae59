import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  ErrorCode,
  GetPromptResultSchema,
  ListPromptsResultSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesResultSchema,
  McpError,
  ReadResourceResultSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { rpcErrorOf } from "./call-error-translation.js";
import type { CallTime } from "./call-retry.js";
import type {
  McpPrompt,
  McpPromptResult,
  McpResource,
  McpResourceContents,
  McpResourceTemplate,
  RequestOptions,
} from "./connection-types.js";
import { McpTransportError } from "./errors.js";
import { withCallerSignal } from "./tracing/caller-signal.js";

/** What one request needs besides its client: the server name and its time. */
export interface RequestContext {
  client: Client;
  server: string;
  time: CallTime;
  options: RequestOptions;
}

type PagedMethod = "resources/list" | "resources/templates/list" | "prompts/list";
const pageSchemas = {
  "resources/list": ListResourcesResultSchema,
  "resources/templates/list": ListResourceTemplatesResultSchema,
  "prompts/list": ListPromptsResultSchema,
} as const;
const itemKeys = {
  "resources/list": "resources",
  "resources/templates/list": "resourceTemplates",
  "prompts/list": "prompts",
} as const;

/** Every item of a paged list (`nextCursor` followed; a repeated cursor ends the walk). */
async function listAll<T>(context: RequestContext, method: PagedMethod): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = (await send(context, method, cursor === undefined ? {} : { cursor })) as Record<
      string,
      unknown
    > & { nextCursor?: string };
    items.push(...((page[itemKeys[method]] as T[] | undefined) ?? []));
    cursor = page.nextCursor;
    if (cursor !== undefined) {
      if (seen.has(cursor)) break;
      seen.add(cursor);
    }
  } while (cursor !== undefined);
  return items;
}

/** `resources/list`, every page. */
export function listResources(context: RequestContext): Promise<McpResource[]> {
  return listAll<McpResource>(context, "resources/list");
}

/** `resources/templates/list`, every page. */
export function listResourceTemplates(context: RequestContext): Promise<McpResourceTemplate[]> {
  return listAll<McpResourceTemplate>(context, "resources/templates/list");
}

/** `prompts/list`, every page. */
export function listPrompts(context: RequestContext): Promise<McpPrompt[]> {
  return listAll<McpPrompt>(context, "prompts/list");
}

/** `resources/read` of one URI: its contents (text or base64 blob, one or more parts). */
export async function readResource(
  context: RequestContext,
  uri: string,
): Promise<McpResourceContents[]> {
  const result = (await send(context, "resources/read", { uri })) as {
    contents: McpResourceContents[];
  };
  return result.contents;
}

/** `prompts/get` with string arguments. */
export async function getPrompt(
  context: RequestContext,
  name: string,
  args: Record<string, string>,
): Promise<McpPromptResult> {
  return (await send(context, "prompts/get", { name, arguments: args })) as McpPromptResult;
}

async function send(
  context: RequestContext,
  method: PagedMethod | "resources/read" | "prompts/get",
  params: Record<string, unknown>,
): Promise<unknown> {
  const { client, server, time, options } = context;
  const schema =
    method === "resources/read"
      ? ReadResourceResultSchema
      : method === "prompts/get"
        ? GetPromptResultSchema
        : pageSchemas[method];
  if (options.signal?.aborted) throw aborted(server, method);
  try {
    return await withCallerSignal(options.signal, () =>
      client.request({ method, params }, schema, {
        timeout: time.remainingMs,
        ...(options.signal ? { signal: options.signal } : {}),
      }),
    );
  } catch (error) {
    if (options.signal?.aborted) throw aborted(server, method, error);
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      throw new McpTransportError({
        code: "CALL_TIMEOUT",
        server,
        cause: error,
        message: `Server "${server}" did not answer ${method} within ${time.timeoutMs} ms.`,
      });
    }
    throw rpcErrorOf(error, server, method) ?? error;
  }
}

function aborted(server: string, method: string, cause?: unknown): McpTransportError {
  return new McpTransportError({
    code: "ABORTED",
    server,
    cause,
    message: `${method} on server "${server}" was aborted by its signal.`,
  });
}
