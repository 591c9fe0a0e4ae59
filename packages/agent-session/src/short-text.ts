import { visibleControls } from "./visible-controls.js";

/**
 * Cuts `text` to one line of at most `max` characters, with an ellipsis when cut; control
 * characters are made visible ({@link visibleControls}), so it is safe for a terminal.
 */
export function oneLine(text: string, max: number): string {
  const flat = visibleControls(text.replace(/\s+/g, " ").trim());
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Tool arguments as a short `key=value` line: `path="notes.md" content="Hello…"`. */
export function shortArguments(argumentsJson: string, max = 80): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsJson || "{}");
  } catch {
    return oneLine(argumentsJson, max);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    return oneLine(JSON.stringify(parsed), max);
  }
  const parts = Object.entries(parsed).map(([key, value]) => {
    const shown =
      typeof value === "string"
        ? JSON.stringify(oneLine(value, 30))
        : oneLine(JSON.stringify(value), 30);
    return `${key}=${shown}`;
  });
  return oneLine(parts.join(" "), max);
}
