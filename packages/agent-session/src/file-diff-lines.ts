import { structuredPatch } from "diff";
import type { FileChange } from "./file-change.js";
import { plainStyle, type TextStyle } from "./text-style.js";
import { visibleControls } from "./visible-controls.js";

/**
 * A {@link FileChange} as the lines a person reads before approving it: a header naming the
 * file (`new file /tmp/plan.sh (31 lines)`, `changes to /tmp/plan.sh`, or why there is no
 * diff), then a unified diff with 3 lines of context (`@@ -1,2 +1,3 @@`, `+added`,
 * `-removed`, ` kept`). Every line is given; folding is the caller's choice. The content came
 * from a model, so its control characters are made visible: no line can erase another.
 */
export function fileDiffLines(change: FileChange, style: TextStyle = plainStyle): string[] {
  const file = visibleControls(change.file);
  if (change.after === undefined) {
    return [style.yellow(`no diff for ${file}: ${change.problem ?? "unknown change"}`)];
  }
  if (change.before === change.after) return [style.dim(`no changes to ${file}`)];
  const header =
    change.before === undefined
      ? `new file ${file} (${countLines(change.after)})`
      : `changes to ${file}`;
  const patch = structuredPatch(
    change.file,
    change.file,
    change.before ?? "",
    change.after,
    "",
    "",
    {
      context: 3,
    },
  );
  const lines = [style.bold(header)];
  for (const hunk of patch.hunks) {
    lines.push(
      style.cyan(
        `@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@`,
      ),
    );
    for (const raw of hunk.lines) {
      const line = visibleControls(raw);
      if (line.startsWith("+")) lines.push(style.green(line));
      else if (line.startsWith("-")) lines.push(style.red(line));
      else lines.push(line);
    }
  }
  return lines;
}

function countLines(text: string): string {
  const count = text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  return count === 1 ? "1 line" : `${count} lines`;
}

/** A hunk's range as `diff -u` writes it: an empty side starts at the line before (`-0,0`). */
function range(start: number, count: number): string {
  return `${count === 0 ? start - 1 : start},${count}`;
}
