import type { TextStyle } from "@tinyloop/agent-session";

/**
 * ANSI styling that turns itself off when colours are not wanted; agent-session's texts
 * (event lines, `/tools`, `/servers`) take it as their `TextStyle`.
 */
export interface Style extends TextStyle {
  readonly enabled: boolean;
}

const wrap = (open: number, close: number) => (text: string) =>
  `\u001b[${open}m${text}\u001b[${close}m`;

/**
 * Colours only on a TTY, and never with `--no-color` or a non-empty `NO_COLOR`
 * (https://no-color.org) — `FORCE_COLOR=1` turns them on anyway (for terminal tests).
 */
export function createStyle({
  isTTY,
  noColor,
  env,
}: {
  isTTY: boolean;
  noColor: boolean;
  env: Record<string, string | undefined>;
}): Style {
  const forced = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "0";
  const enabled = !noColor && !env.NO_COLOR && (isTTY || forced);
  const plain = (text: string) => text;
  return {
    enabled,
    dim: enabled ? wrap(2, 22) : plain,
    bold: enabled ? wrap(1, 22) : plain,
    red: enabled ? wrap(31, 39) : plain,
    green: enabled ? wrap(32, 39) : plain,
    yellow: enabled ? wrap(33, 39) : plain,
    cyan: enabled ? wrap(36, 39) : plain,
  };
}

/**
 * The style for one output stream of a command: colours when that stream is a terminal,
 * unless `--no-color` (`color: false`) or `NO_COLOR` says otherwise.
 */
export function styleFor(
  stream: { isTTY?: boolean },
  { color }: { color?: boolean },
  env: Record<string, string | undefined>,
): Style {
  return createStyle({ isTTY: stream.isTTY === true, noColor: color === false, env });
}
