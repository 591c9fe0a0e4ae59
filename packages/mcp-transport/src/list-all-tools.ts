import { describeValue, lazySchema } from "@tinyloop/errors";
import * as z from "zod/mini";
import type { McpTool } from "./connection-types.js";
import { McpTransportError } from "./errors.js";
import { localFailureMessage } from "./local-failure.js";

/** At most this many `tools/list` pages are read from one server. */
export const MAX_TOOL_PAGES = 1_000;
/** At most this many tools are accepted from one server. */
export const MAX_TOOLS = 10_000;

const listingFailures = new WeakSet<object>();

/** True for an error of {@link listAllTools} itself: a bound exceeded, or an unreadable page. */
export function isListingFailure(error: unknown): boolean {
  return typeof error === "object" && error !== null && listingFailures.has(error);
}

function listingFailure(error: McpTransportError): McpTransportError {
  listingFailures.add(error);
  return error;
}

/** A page read leniently: one malformed tool must not make the whole page unreadable. */
const pageSchema = lazySchema(() =>
  z.looseObject({
    tools: z.array(z.unknown()),
    nextCursor: z.optional(z.string()),
  }),
);

/** What {@link listAllTools} needs. */
export interface ListAllToolsInput {
  server: string;
  /** Sends one `tools/list` request with the remaining time. */
  request(
    params: { cursor?: string },
    timeoutMs: number,
  ): Promise<z.infer<ReturnType<typeof pageSchema>>>;
  /** The whole listing, every page, must end by this time (epoch ms). */
  deadline: number;
  /** Told about each tool entry that had to be skipped. */
  onLog: ((line: string) => void) | undefined;
}

/** The schema a page is parsed with (lenient: tools are checked one by one), built on first use. */
export const toolsPageSchema = pageSchema;

/**
 * Every tool of a server, following `nextCursor`, with bounds: {@link MAX_TOOL_PAGES} pages,
 * {@link MAX_TOOLS} tools, and a deadline — a server whose pagination never ends is a
 * `PROTOCOL` failure instead of a connect that never finishes. Tools are checked one by one:
 * an entry that is not an object with a non-empty string `name` is skipped and reported
 * through `onLog`; every other field is passed on as sent (the registration normalises
 * input schemas). A repeated cursor ends the listing.
 */
export async function listAllTools(input: ListAllToolsInput): Promise<McpTool[]> {
  const { server } = input;
  const tools: McpTool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  // Entries of the earlier pages, kept or skipped: a skipped entry is named by its number in the whole listing.
  let entriesBefore = 0;
  for (let page = 0; ; page++) {
    if (page >= MAX_TOOL_PAGES)
      throw listingFailure(tooMuch(server, `${page} pages of tools (${tools.length} tools)`));
    const remaining = input.deadline - Date.now();
    if (remaining <= 0) {
      throw listingFailure(
        new McpTransportError({
          code: "PROTOCOL",
          server,
          message: `Server "${server}" did not finish listing its tools in time (${page} pages, ${tools.length} tools so far; bounded by timeouts.connectMs); it was given up.`,
        }),
      );
    }
    let result: z.infer<ReturnType<typeof pageSchema>>;
    try {
      result = await input.request(cursor === undefined ? {} : { cursor }, remaining);
    } catch (error) {
      const unanswerable = localFailureMessage(error);
      if (unanswerable === undefined) throw error;
      throw new McpTransportError({
        code: "PROTOCOL",
        server,
        cause: error,
        message: unanswerable,
      });
    }
    result.tools.forEach((entry, index) => {
      const problem = toolProblem(entry);
      if (problem === undefined) tools.push(entry as McpTool);
      else
        input.onLog?.(
          `Server "${server}": tools/list entry ${entriesBefore + index + 1} skipped: ${problem}`,
        );
    });
    entriesBefore += result.tools.length;
    if (tools.length > MAX_TOOLS)
      throw listingFailure(tooMuch(server, `more than ${MAX_TOOLS} tools`));
    cursor = result.nextCursor;
    if (cursor === undefined || seen.has(cursor)) return tools; // a repeated cursor would loop
    seen.add(cursor);
  }
}

function toolProblem(entry: unknown): string | undefined {
  if (typeof entry !== "object" || entry === null || Array.isArray(entry))
    return `expected a tool object, got ${describeValue(entry)}`;
  const name = (entry as { name?: unknown }).name;
  if (typeof name !== "string" || name === "")
    return `its "name" is ${name === "" ? "empty" : `not a string (${JSON.stringify(name)?.slice(0, 40) ?? typeof name})`}`;
  return undefined;
}

function tooMuch(server: string, what: string): McpTransportError {
  return new McpTransportError({
    code: "PROTOCOL",
    server,
    message: `Server "${server}" listed ${what} without finishing (limits: ${MAX_TOOL_PAGES} pages, ${MAX_TOOLS} tools); it was given up. Its tools/list pagination looks endless.`,
  });
}
