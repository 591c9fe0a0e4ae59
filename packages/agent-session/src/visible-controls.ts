/** C0 controls but tab and newline, DEL, and the C1 controls (U+0080–U+009F). */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Text that came from outside (a server, a model) made safe to write to a terminal: every
 * control character that could move the cursor, clear the screen, set the window title or
 * start an escape sequence is shown as `\xNN` (ESC as `\x1b`, BEL as `\x07`, C1 CSI as
 * `\x9b`), so the reader sees it and the terminal does nothing. Newlines and tabs stay (the
 * layout needs them); a CR before a newline is dropped, a lone CR (which would let a line
 * overwrite itself) shown as `\x0d`. The bidirectional controls (U+202A–U+202E, U+2066–U+2069,
 * U+200E, U+200F, U+061C), which reorder what is shown so text reads other than it is, are
 * shown as `\u202e`. Apply it before styling: our own colours are added after.
 */
export function visibleControls(text: string): string {
  const bidi = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
  return text
    .replace(/\r\n/g, "\n")
    .replace(CONTROL, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, "0")}`)
    .replace(bidi, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
