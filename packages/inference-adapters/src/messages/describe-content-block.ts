import type { ContentBlock } from "../content-block.js";

/** Approximate decoded size of base64 text, for descriptions. */
function base64Bytes(data: string): number {
  return Math.floor((data.replace(/=+$/, "").length * 3) / 4);
}

/**
 * A content block as text, for providers (or models) that only take text in tool results.
 * Text stays as is; a text resource is quoted with its URI; anything binary is described
 * in one line (kind, MIME type, size) so the model knows it exists.
 */
export function describeContentBlock(block: ContentBlock): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "image":
      return `[image ${block.mimeType}, ${base64Bytes(block.data)} bytes: not shown to this model]`;
    case "audio":
      return `[audio ${block.mimeType}, ${base64Bytes(block.data)} bytes: not shown to this model]`;
    case "resource":
      if ("text" in block.resource)
        return `Resource ${block.resource.uri}:\n${block.resource.text}`;
      return `[binary resource ${block.resource.uri}${block.resource.mimeType ? ` (${block.resource.mimeType})` : ""}, ${base64Bytes(block.resource.blob)} bytes]`;
    case "resource_link":
      return `[resource link: ${block.title ?? block.name} <${block.uri}>${block.description ? ` — ${block.description}` : ""}]`;
  }
}

/** The text of a tool result as one string; error results start with "Error: ". */
export function toolResultText(
  content: readonly ContentBlock[],
  isError: boolean | undefined,
  describe: (block: ContentBlock) => string = describeContentBlock,
): string {
  const text = content.map(describe).join("\n");
  if (!isError) return text;
  return /^error\b/i.test(text) ? text : `Error: ${text}`;
}
