/**
 * Content blocks of a tool result. A structural copy of the registry's union so that this
 * package never imports `@tinyloop/registry`: a registry `ToolResult["content"]` is
 * assignable to `ContentBlock[]` as it is. `@tinyloop/agent-loop`'s
 * `shared-content-types.test.ts` fails typecheck when the two copies drift apart: change
 * both together.
 */

/** Plain text. */
export type TextContent = { type: "text"; text: string };
/** An image, base64 encoded. */
export type ImageContent = { type: "image"; data: string /* base64 */; mimeType: string };
/** Audio, base64 encoded. */
export type AudioContent = { type: "audio"; data: string; mimeType: string };
/** A resource embedded in the result: either text or a base64 blob. */
export type EmbeddedResourceContent = {
  type: "resource";
  resource:
    | { uri: string; mimeType?: string; text: string }
    | { uri: string; mimeType?: string; blob: string /* base64 */ };
};
/** A link to a resource the model may ask for. */
export type ResourceLinkContent = {
  type: "resource_link";
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
};
/** Any block a tool result may hold. */
export type ContentBlock =
  | TextContent
  | ImageContent
  | AudioContent
  | EmbeddedResourceContent
  | ResourceLinkContent;
