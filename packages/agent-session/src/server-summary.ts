/**
 * The reason shown for a failed server: the last stderr line that says something when the
 * transport's own message is generic (`exited with code 1`), else the transport's message;
 * at most 100 characters (the full text is in the failure line above it).
 */
export function failureReason(reason: string, stderrTail: readonly string[]): string {
  const text = pickReason(reason, stderrTail);
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}

function pickReason(reason: string, stderrTail: readonly string[]): string {
  const last = [...stderrTail]
    .reverse()
    .map((line) => line.trim())
    .find((line) => line !== "" && !/^at\s|^node:internal|^\^+$|^Node\.js v/.test(line));
  if (!last) return reason;
  return last.replace(/^(Error|TypeError|RangeError):\s*/, "");
}

/**
 * `connected 2/3 servers (1 failed: filesystem — None of the specified directories are
 * accessible) · 27 tools`, with disabled servers counted apart.
 */
export function connectedLine({
  ready,
  total,
  failed,
  disabled,
  tools,
}: {
  ready: number;
  total: number;
  failed: ReadonlyMap<string, string>;
  disabled: number;
  tools: number;
}): string {
  const notes: string[] = [];
  if (failed.size > 0)
    notes.push(
      `${failed.size} failed: ${[...failed].map(([name, why]) => `${name} — ${why}`).join("; ")}`,
    );
  if (disabled > 0) notes.push(`${disabled} disabled`);
  return `connected ${ready}/${total} servers${notes.length > 0 ? ` (${notes.join(", ")})` : ""} · ${tools} tools`;
}
