// `@tinyloop/inference-adapters` keeps a structural copy of these types (it may not import
// the registry); `@tinyloop/agent-loop`'s shared-content-types.test.ts fails typecheck when
// the copies drift apart, so change both together.

/** Plain text, the most common block a tool returns. */
export interface TextContent {
  type: "text";
  text: string;
}

/** An image, base64-encoded, with its MIME type (for example `image/png`). */
export interface ImageContent {
  type: "image";
  /** Base64-encoded bytes. */
  data: string;
  mimeType: string;
}

/** An audio clip, base64-encoded, with its MIME type (for example `audio/wav`). */
export interface AudioContent {
  type: "audio";
  /** Base64-encoded bytes. */
  data: string;
  mimeType: string;
}

/** A resource's text contents, embedded in the result. */
export interface TextResourceContents {
  uri: string;
  mimeType?: string;
  text: string;
}

/** A resource's binary contents, base64-encoded, embedded in the result. */
export interface BlobResourceContents {
  uri: string;
  mimeType?: string;
  /** Base64-encoded bytes. */
  blob: string;
}

/** A resource embedded in the result, either as text or as a base64 blob. */
export interface EmbeddedResourceContent {
  type: "resource";
  resource: TextResourceContents | BlobResourceContents;
}

/** A link to a resource the caller may fetch later (MCP `resource_link`). */
export interface ResourceLinkContent {
  type: "resource_link";
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** One block of a tool result: the same shapes MCP's `CallToolResult.content` uses. */
export type ContentBlock =
  | TextContent
  | ImageContent
  | AudioContent
  | EmbeddedResourceContent
  | ResourceLinkContent;

/**
 * Why a call failed, when tinyloop decided it rather than the tool: `UNKNOWN_TOOL`,
 * `INVALID_ARGUMENTS` (not JSON, not an object, or against the input schema),
 * `UNAVAILABLE` (what runs the tool cannot take calls now), `TOOL_FAILED` (the handler threw
 * or returned no result), `TIMEOUT`, `ABORTED`. Stable: match on it, not on the text.
 */
export type ToolErrorCode =
  | "UNKNOWN_TOOL"
  | "INVALID_ARGUMENTS"
  | "UNAVAILABLE"
  | "TOOL_FAILED"
  | "TIMEOUT"
  | "ABORTED"
  | "INTERRUPTED";

/** What a tool call produces: content blocks, optional structured data, and an error flag. */
export interface ToolResult {
  content: ContentBlock[];
  /** Machine-readable result, matching the tool's `outputSchema` when it has one. */
  structuredContent?: Record<string, unknown>;
  /** `true` when the call failed; `content` then explains why in words a model can act on. */
  isError?: boolean;
  /**
   * Set (with `isError: true`) when tinyloop decided the failure: the registry, or a layer
   * using its outcome builders. A tool's own error result has no code.
   */
  code?: ToolErrorCode;
  /**
   * Facts about the call for programs, never sent to the model (MCP's `_meta`), e.g.
   * `"tinyloop/resolvedName": { called, ran }` when an unprefixed MCP tool name was resolved.
   */
  _meta?: Record<string, unknown>;
}
