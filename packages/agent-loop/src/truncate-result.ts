import type { ContentBlock } from "@tinyloop/registry";

/**
 * Cuts the text of a tool result to at most `maxChars` characters in total (text blocks
 * and embedded text resources, in order) and appends a note saying how much was left
 * out, so the model knows the output is incomplete. Other blocks pass unchanged.
 */
export function truncateContent(
  content: readonly ContentBlock[],
  maxChars: number,
): ContentBlock[] {
  let total = 0;
  for (const block of content) total += textLength(block);
  if (total <= maxChars) return [...content];

  let budget = maxChars;
  const out: ContentBlock[] = [];
  for (const block of content) {
    const length = textLength(block);
    if (length === 0) {
      out.push(block);
      continue;
    }
    if (budget <= 0) continue;
    if (length <= budget) {
      out.push(block);
      budget -= length;
      continue;
    }
    out.push(cutBlock(block, budget));
    budget = 0;
  }
  out.push({
    type: "text",
    text: `[output truncated: showing the first ${maxChars} of ${total} characters]`,
  });
  return out;
}

function textLength(block: ContentBlock): number {
  if (block.type === "text") return block.text.length;
  if (block.type === "resource" && "text" in block.resource) return block.resource.text.length;
  return 0;
}

function cutBlock(block: ContentBlock, chars: number): ContentBlock {
  if (block.type === "text") return { type: "text", text: block.text.slice(0, chars) };
  if (block.type === "resource" && "text" in block.resource) {
    return {
      type: "resource",
      resource: { ...block.resource, text: block.resource.text.slice(0, chars) },
    };
  }
  return block;
}
