import type { ContentBlock, ToolResult } from "@tinyloop/registry";
import type { OutputValidator } from "./output-schema.js";

/** The parts of an MCP `tools/call` result this package reads (the SDK's shape, read leniently). */
export interface McpToolCallResult {
  content?: unknown;
  structuredContent?: unknown;
  isError?: unknown;
  /** Pre-2025 servers may answer with `toolResult` instead of `content`. */
  toolResult?: unknown;
}

/** Options of {@link toToolResult}. */
export interface ToToolResultOptions {
  /** The tool's compiled `outputSchema`, when it declared one. */
  validateOutput?: OutputValidator;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === "string";

function optional<K extends string>(key: K, value: unknown): { [P in K]?: string } {
  return (isString(value) ? { [key]: value } : {}) as { [P in K]?: string };
}

// A block this package cannot represent is described in text rather than dropped, so the
// model (and the user) can see that something was there.
function describeUnsupported(block: unknown, why: string): ContentBlock {
  let json: string;
  try {
    json = JSON.stringify(block) ?? String(block);
  } catch {
    json = String(block);
  }
  if (json.length > 500) json = `${json.slice(0, 500)}…`;
  return { type: "text", text: `[unsupported MCP content block (${why}): ${json}]` };
}

/** One MCP content block as a registry content block, in the same position. */
function convertBlock(block: unknown): ContentBlock {
  if (!isRecord(block)) return describeUnsupported(block, "not an object");
  switch (block.type) {
    case "text":
      if (!isString(block.text)) return describeUnsupported(block, "text without a string text");
      return { type: "text", text: block.text };
    case "image":
    case "audio":
      if (!isString(block.data) || !isString(block.mimeType)) {
        return describeUnsupported(block, `${block.type} without string data and mimeType`);
      }
      return { type: block.type, data: block.data, mimeType: block.mimeType };
    case "resource": {
      const resource = block.resource;
      if (!isRecord(resource) || !isString(resource.uri)) {
        return describeUnsupported(block, "resource without a uri");
      }
      const base = { uri: resource.uri, ...optional("mimeType", resource.mimeType) };
      if (isString(resource.text)) {
        return { type: "resource", resource: { ...base, text: resource.text } };
      }
      if (isString(resource.blob))
        return { type: "resource", resource: { ...base, blob: resource.blob } };
      return describeUnsupported(block, "resource with neither text nor blob");
    }
    case "resource_link":
      if (!isString(block.uri) || !isString(block.name)) {
        return describeUnsupported(block, "resource_link without uri and name");
      }
      return {
        type: "resource_link",
        uri: block.uri,
        name: block.name,
        ...optional("title", block.title),
        ...optional("description", block.description),
        ...optional("mimeType", block.mimeType),
      };
    default:
      return describeUnsupported(block, `type ${JSON.stringify(block.type)}`);
  }
}

/**
 * Converts an MCP `tools/call` result to a registry `ToolResult`:
 * - every content block is kept, in order (text, image, audio, embedded text or blob
 *   resources, resource links); anything else becomes a text block describing it;
 * - texts are kept whole: cutting long output is `@tinyloop/agent-loop`'s job
 *   (`maxToolResultChars`), the one place tool output is truncated;
 * - `structuredContent` is kept; when `validateOutput` is given and the result is not an
 *   error, a mismatch (or missing structured content) appends one short warning text
 *   block instead of failing the call;
 * - `isError: true` stays `isError: true`, with the server's own text.
 */
export function toToolResult(
  result: McpToolCallResult,
  options: ToToolResultOptions = {},
): ToolResult {
  const content: ContentBlock[] = [];
  if (Array.isArray(result.content)) {
    for (const block of result.content) content.push(convertBlock(block));
  } else if (result.content === undefined && result.toolResult !== undefined) {
    const text = isString(result.toolResult)
      ? result.toolResult
      : JSON.stringify(result.toolResult);
    content.push({ type: "text", text: text ?? "" });
  } else if (result.content !== undefined) {
    content.push(describeUnsupported(result.content, "content is not an array"));
  }
  const isError = result.isError === true;
  const converted: ToolResult = { content };
  if (isRecord(result.structuredContent)) converted.structuredContent = result.structuredContent;
  if (options.validateOutput && !isError) {
    if (converted.structuredContent === undefined) {
      content.push({
        type: "text",
        text: "[warning: the tool declares an outputSchema but returned no structuredContent]",
      });
    } else {
      const check = options.validateOutput(converted.structuredContent);
      if (!check.valid) {
        content.push({
          type: "text",
          text: `[warning: structuredContent does not match the tool's outputSchema: ${check.message}]`,
        });
      }
    }
  }
  if (isError) converted.isError = true;
  return converted;
}
