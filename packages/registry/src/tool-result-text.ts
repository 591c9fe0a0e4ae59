import type { ContentBlock, ToolResult } from "./content.js";

/** Options of {@link toolResultText}. */
export interface ToolResultTextOptions {
  /**
   * Give images and audio their decoded size: `[image image/png, 1204 bytes]`. Default false:
   * `[image image/png]`.
   */
  sizes?: boolean;
  /**
   * Indentation of `structuredContent`, shown as JSON when the result has no content blocks.
   * Default 0: one line.
   */
  indent?: number;
}

function blockText(block: ContentBlock, sizes: boolean): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "image":
    case "audio": {
      // Base64 carries 3 bytes in 4 characters.
      const size = sizes ? `, ${Math.round((block.data.length * 3) / 4)} bytes` : "";
      return `[${block.type} ${block.mimeType}${size}]`;
    }
    case "resource":
      return "text" in block.resource && typeof block.resource.text === "string"
        ? block.resource.text
        : `[resource ${block.resource.uri}]`;
    case "resource_link":
      return `[link ${block.uri}]`;
    default:
      // A block type newer than this package: name it rather than fail.
      return `[${(block as { type: string }).type}]`;
  }
}

/**
 * A tool result as text a person reads: the text blocks in order, one line each, other
 * content as a short note (`[image image/png]`, `[resource file:///a.bin]`, `[link …]`),
 * joined with newlines. A result with no content blocks shows its `structuredContent` as
 * JSON; one with neither is the empty string. `isError` is not shown: the caller decides how
 * an error looks.
 *
 * ```ts
 * const result = await registry.dispatch("read_file", { path: "README.md" });
 * console.log(toolResultText(result, { sizes: true }));
 * ```
 */
export function toolResultText(result: ToolResult, options: ToolResultTextOptions = {}): string {
  const parts = result.content.map((block) => blockText(block, options.sizes === true));
  if (parts.length === 0 && result.structuredContent !== undefined) {
    parts.push(JSON.stringify(result.structuredContent, null, options.indent ?? 0));
  }
  return parts.join("\n");
}
