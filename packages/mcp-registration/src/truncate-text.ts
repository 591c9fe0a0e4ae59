/** Default cap on one text (a text block or an embedded text resource), in characters. */
export const DEFAULT_MAX_TEXT_LENGTH = 100_000;

// Never cut between the two halves of a surrogate pair: the result must stay valid UTF-16.
function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * `text` unchanged when it has at most `maxLength` characters; otherwise its head and tail
 * (half of `maxLength` each) joined by a line saying how many characters were removed:
 *
 * ```
 * <head>
 * [… 123,456 of 223,456 characters removed …]
 * <tail>
 * ```
 */
export function truncateText(text: string, maxLength: number = DEFAULT_MAX_TEXT_LENGTH): string {
  if (text.length <= maxLength) return text;
  let headEnd = Math.ceil(maxLength / 2);
  let tailStart = text.length - Math.floor(maxLength / 2);
  if (headEnd > 0 && isLowSurrogate(text.charCodeAt(headEnd))) headEnd--;
  if (tailStart < text.length && isLowSurrogate(text.charCodeAt(tailStart))) tailStart++;
  const removed = tailStart - headEnd;
  const line = `[… ${removed.toLocaleString("en-US")} of ${text.length.toLocaleString("en-US")} characters removed …]`;
  return `${text.slice(0, headEnd)}\n${line}\n${text.slice(tailStart)}`;
}
