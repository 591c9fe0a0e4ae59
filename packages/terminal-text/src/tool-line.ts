import { oneLine, plainStyle, type TextStyle } from "@tinyloop/agent-session";
import type { ToolDefinition } from "@tinyloop/registry";

/** Options of {@link toolLine}. */
export interface ToolLineOptions {
  /** Marks up the name (cyan) and the details (dim). */
  style?: TextStyle;
  /**
   * Columns the line may take (a terminal's width): the description is cut to fit. Without
   * it (a pipe) the description is cut to 80 characters and the line may be longer.
   */
  width?: number;
  /** The tool is callable but kept back behind `tool_search`: says `[via tool_search]`. */
  held?: boolean;
  /** The server's own name for the tool, shown when the registered name does not end in it. */
  serverTool?: string;
}

/** Characters of a description shown when no width is known (a pipe). */
const DESCRIPTION_WITHOUT_WIDTH = 80;

/** Fewest columns a listing is cut to, however narrow the terminal says it is. */
const MIN_WIDTH = 40;

/**
 * One tool in a listing, as both `tinyloop mcp tools` and the REPL's `/tools` show it:
 * `  mcp_fx_echo [read-only]  Returns its text argument unchanged.` — indented two spaces,
 * the name always whole (it is what `mcp call` takes), `[read-only]` from the annotations,
 * `[via tool_search]` for a tool kept back, the server's own name when it was renamed, then
 * as much of the description as fits in `width` columns (80 characters of it without one).
 */
export function toolLine(
  tool: Pick<ToolDefinition, "name" | "description" | "annotations">,
  { style = plainStyle, width, held = false, serverTool }: ToolLineOptions = {},
): string {
  const tags = [
    tool.annotations?.readOnlyHint === true ? " [read-only]" : "",
    held ? " [via tool_search]" : "",
    serverTool !== undefined && !tool.name.endsWith(serverTool)
      ? ` (server name: ${oneLine(serverTool, Number.POSITIVE_INFINITY)})`
      : "",
  ].join("");
  const head = `  ${tool.name}${tags}`;
  const room =
    width === undefined ? DESCRIPTION_WITHOUT_WIDTH : Math.max(width, MIN_WIDTH) - head.length - 2;
  const description = room >= 8 ? oneLine(tool.description ?? "", room) : "";
  const shownHead = `  ${style.cyan(tool.name)}${tags && style.dim(tags)}`;
  return description ? `${shownHead}  ${style.dim(description)}` : shownHead;
}
