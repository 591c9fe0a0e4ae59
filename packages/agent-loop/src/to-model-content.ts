import type { ContentBlock, ToolResult } from "@tinyloop/registry";
import { truncateContent } from "./truncate-result.js";

/** How tool results are shaped before they go back to the model. */
export interface ModelContentOptions {
  /** The model accepts images (`model.capabilities.vision`). */
  vision: boolean;
  /** Longest text, in characters, one tool result may send to the model. */
  maxChars: number;
}

/**
 * The content of a tool message: images replaced by a short placeholder when the model
 * cannot see them, structured content shown as JSON when the tool sent nothing else,
 * long text cut with a note, and never an empty list (some providers reject one).
 */
export function toModelContent(result: ToolResult, options: ModelContentOptions): ContentBlock[] {
  let content: ContentBlock[] = options.vision
    ? [...result.content]
    : result.content.map(imagePlaceholder);
  if (content.length === 0 && result.structuredContent !== undefined) {
    content = [{ type: "text", text: JSON.stringify(result.structuredContent) }];
  }
  if (content.length === 0) {
    content = [{ type: "text", text: "(the tool returned no content)" }];
  }
  return truncateContent(content, options.maxChars);
}

function imagePlaceholder(block: ContentBlock): ContentBlock {
  if (block.type !== "image") return block;
  const kb = Math.max(1, Math.round((block.data.length * 3) / 4 / 1024));
  return {
    type: "text",
    // The model must not think the user missed the image (an image agent says "here it is").
    text: `[the tool returned an image (${block.mimeType}, about ${kb} KB). It is not shown to you because this model does not accept images; the user sees it when their front end shows tool images, so refer to it rather than describe it]`,
  };
}
