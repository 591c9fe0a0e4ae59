import type { TextStyle } from "@tinyloop/agent-session";

/** A style that shows where a text was marked up: `<red>…</red>` and so on. */
export const tagStyle: TextStyle = {
  dim: (t) => `<dim>${t}</dim>`,
  bold: (t) => `<b>${t}</b>`,
  red: (t) => `<red>${t}</red>`,
  green: (t) => `<green>${t}</green>`,
  yellow: (t) => `<yellow>${t}</yellow>`,
  cyan: (t) => `<cyan>${t}</cyan>`,
};
