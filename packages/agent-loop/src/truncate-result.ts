import type { ContentBlock } from "@tinyloop/registry";

// Never cut between the two halves of a surrogate pair: the text must stay valid UTF-16.
function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * Cuts the text of a tool result to at most `maxChars` characters in total (text blocks and
 * embedded text resources, counted together in order), keeping the head and the tail — half
 * of `maxChars` each, since a tool's last lines (the error, the summary) matter as much as
 * its first — joined by one line saying how much was removed:
 *
 * ```
 * <head>
 * [… 123,456 of 223,456 characters removed …]
 * <tail>
 * ```
 *
 * Text blocks wholly inside the removed middle are dropped; other blocks (images, links)
 * stay where they are. This is the only place tinyloop truncates tool output.
 */
export function truncateContent(
  content: readonly ContentBlock[],
  maxChars: number,
): ContentBlock[] {
  let total = 0;
  for (const block of content) total += textOf(block)?.length ?? 0;
  if (total <= maxChars) return [...content];

  const headEnd = Math.ceil(maxChars / 2);
  const tailStart = total - Math.floor(maxChars / 2);
  const out: ContentBlock[] = [];
  let offset = 0;
  let kept = 0;
  let markerAt: { index: number; head: string; tail: string } | undefined;
  for (const block of content) {
    const text = textOf(block);
    if (text === undefined) {
      out.push(block);
      continue;
    }
    const start = offset;
    offset += text.length;
    let headCut = Math.min(Math.max(headEnd - start, 0), text.length);
    let tailCut = Math.min(Math.max(tailStart - start, 0), text.length);
    if (headCut > 0 && headCut < text.length && isLowSurrogate(text.charCodeAt(headCut))) {
      headCut--;
    }
    if (tailCut > 0 && tailCut < text.length && isLowSurrogate(text.charCodeAt(tailCut))) {
      tailCut++;
    }
    const head = text.slice(0, headCut);
    const tail = headCut >= text.length ? "" : text.slice(Math.max(tailCut, headCut));
    kept += head.length + tail.length;
    if (markerAt === undefined && head.length + tail.length < text.length) {
      // The removed middle starts in this block: the marker goes here, between head and tail.
      markerAt = { index: out.length, head, tail };
      out.push(block);
    } else if (head.length + tail.length > 0) {
      out.push(withText(block, head + tail));
    }
  }
  if (markerAt !== undefined) {
    const line = `[… ${(total - kept).toLocaleString("en-US")} of ${total.toLocaleString("en-US")} characters removed …]`;
    const { index, head, tail } = markerAt;
    const text = [head, line, tail].filter((part) => part !== "").join("\n");
    out[index] = withText(out[index] as ContentBlock, text);
  }
  return out;
}

function textOf(block: ContentBlock): string | undefined {
  if (block.type === "text") return block.text;
  if (block.type === "resource" && "text" in block.resource) return block.resource.text;
  return undefined;
}

function withText(block: ContentBlock, text: string): ContentBlock {
  if (block.type === "text") return { type: "text", text };
  if (block.type === "resource" && "text" in block.resource) {
    return { type: "resource", resource: { ...block.resource, text } };
  }
  return block;
}
