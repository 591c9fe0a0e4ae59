import { RegistryError, type ToolRegistry } from "@tinyloop/registry";
import { errorSummary } from "./error-summary.js";
import { McpRegistrationError } from "./mcp-registration-error.js";
import { buildMcpTool } from "./mcp-tool-definition.js";
import { allocateToolName, type NameHolder } from "./name-allocation.js";
import { baseToolName, sanitizeNamePart } from "./provider-safe-name.js";
import type { McpToolDescription, ServerConnection } from "./server-connection.js";
import { type FilterSkipReason, filterToolNames, type ToolFilter } from "./tool-filter.js";

/** Options of {@link registerServer}. */
export interface RegisterServerOptions extends ToolFilter {
  /** The server's name as configured: used in tool names, the toolset and `source`. */
  server: string;
  /** First part of every tool name. Default `"mcp"`; `""` leaves it out. */
  prefix?: string;
  /** Toolset of the server's tools. Default `"mcp-<server>"`. */
  toolset?: string;
  /** Cap on each text of a result, in characters. Default 100 000. */
  maxTextLength?: number;
  /** Timeout of each tool call, passed to the connection. Default: the connection's own. */
  callTimeoutMs?: number;
  /** Re-sync on `tools/list_changed` and after a reconnect. Default `true`. */
  watch?: boolean;
  /** Told after every re-sync that `watch` started (not the first registration). */
  onSync?: (report: RegistrationReport) => void;
}

/** Why a tool of a server was not registered. */
export type SkipReason =
  | FilterSkipReason
  /** A built-in tool already holds the name; the built-in wins. */
  | "collides-with-builtin"
  /** The server listed the same tool name twice; the first one is registered. */
  | "duplicate-tool"
  /** The registry refused the definition (see `detail`). */
  | "rejected-by-registry";

/** The outcome of one registration or re-sync of a server. */
export interface RegistrationReport {
  /** The server's name. */
  server: string;
  /** Every tool of the server now in the registry: its registered name and its name on the server. */
  registered: { name: string; tool: string }[];
  /** Tools of the server that are not in the registry, and why. */
  skipped: { tool: string; reason: SkipReason; detail?: string }[];
  /** Problems worth showing: filter entries that match nothing, renamed collisions, fixed schemas, a failed re-list. */
  warnings: string[];
}

/**
 * A server's tools, kept in the registry. The report fields always describe the latest
 * sync; `sync()` re-lists on demand; `close()` stops watching and unregisters the tools.
 */
export interface ServerRegistration extends RegistrationReport {
  /** The toolset holding the server's tools. */
  readonly toolset: string;
  /** The latest report as a plain object. */
  report(): RegistrationReport;
  /** Re-lists the server's tools and updates the registry. Syncs of one server run one at a time. */
  sync(): Promise<RegistrationReport>;
  /** Changes include/exclude and re-syncs. */
  setFilter(filter: ToolFilter): Promise<RegistrationReport>;
  /** Registered name → the tool's name on the server, for tools of this server. */
  toolOf(name: string): string | undefined;
  /** Stops watching the server and removes its tools from the registry. Idempotent. */
  close(): void;
}

interface Held {
  name: string;
  /** The tool as last listed, to notice changes. */
  fingerprint: string;
  /** Notes from building its definition, repeated in every report. */
  warnings: string[];
}

function fingerprintOf(tool: McpToolDescription): string {
  try {
    return JSON.stringify(tool);
  } catch {
    return String(Math.random()); // unserialisable: treat as changed every time
  }
}

function validateOptions(options: RegisterServerOptions): void {
  const fail = (message: string) => {
    throw new McpRegistrationError({ code: "OPTIONS_INVALID", message, server: options.server });
  };
  if (typeof options.server !== "string" || options.server === "") {
    fail(
      `registerServer: options.server: expected a non-empty string (the server's name, e.g. "github"), got ${JSON.stringify(options.server)}`,
    );
  }
  for (const key of ["include", "exclude"] as const) {
    const list = options[key];
    if (
      list !== undefined &&
      !(Array.isArray(list) && list.every((entry) => typeof entry === "string"))
    ) {
      fail(
        `registerServer: options.${key}: expected an array of tool names or globs (e.g. ["read_*"]), got ${JSON.stringify(list)}`,
      );
    }
  }
  if (options.prefix !== undefined && typeof options.prefix !== "string") {
    fail(
      `registerServer: options.prefix: expected a string (e.g. "mcp", or "" for none), got ${JSON.stringify(options.prefix)}`,
    );
  }
  if (
    options.maxTextLength !== undefined &&
    !(Number.isInteger(options.maxTextLength) && options.maxTextLength > 0)
  ) {
    fail(
      `registerServer: options.maxTextLength: expected a positive integer, got ${JSON.stringify(options.maxTextLength)}`,
    );
  }
}

class Registration {
  readonly server: string;
  readonly toolset: string;
  private readonly prefix: string;
  private filter: ToolFilter;
  private readonly held = new Map<string, Held>();
  private latest: RegistrationReport;
  private lastError: Error | undefined;
  private closed = false;
  private tail: Promise<unknown> = Promise.resolve();
  private queued: Promise<RegistrationReport> | undefined;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly registry: ToolRegistry,
    private readonly connection: ServerConnection,
    private readonly options: RegisterServerOptions,
  ) {
    this.server = options.server;
    this.prefix = options.prefix ?? "mcp";
    this.toolset = options.toolset ?? `mcp-${options.server}`;
    this.filter = { include: options.include, exclude: options.exclude };
    this.latest = { server: this.server, registered: [], skipped: [], warnings: [] };
    if (options.watch !== false) this.watch();
  }

  private watch(): void {
    let dropped = false;
    this.unsubscribe.push(
      this.connection.onToolsListChanged(() => void this.resync()),
      this.connection.onStateChange((state, detail) => {
        if (detail?.error) this.lastError = detail.error;
        if (state !== "ready") dropped = true;
        else if (dropped) {
          dropped = false;
          void this.resync(); // the server may have come back with other tools
        }
      }),
    );
  }

  /** A sync started by a notification: never rejects (nobody would see it). */
  private async resync(): Promise<void> {
    try {
      const report = await this.sync();
      if (!this.closed) this.options.onSync?.(report);
    } catch (error) {
      this.latest = {
        ...this.latest,
        warnings: [...this.latest.warnings, `re-sync failed: ${errorSummary(error)}`],
      };
    }
  }

  report(): RegistrationReport {
    return this.latest;
  }

  sync(): Promise<RegistrationReport> {
    if (this.queued) return this.queued; // one waiting sync is enough: it will see the newest list
    const next = this.tail.then(() => {
      this.queued = undefined;
      return this.syncOnce();
    });
    this.queued = next;
    this.tail = next.catch(() => undefined);
    return next;
  }

  setFilter(filter: ToolFilter): Promise<RegistrationReport> {
    validateOptions({ server: this.server, ...filter });
    this.filter = { include: filter.include, exclude: filter.exclude };
    return this.sync();
  }

  toolOf(name: string): string | undefined {
    for (const [tool, held] of this.held) if (held.name === name) return tool;
    return undefined;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const off of this.unsubscribe.splice(0)) off();
    for (const tool of [...this.held.keys()]) this.drop(tool);
    this.latest = { server: this.server, registered: [], skipped: [], warnings: [] };
  }

  /** Whether the registry still holds `name` as this server's `tool` (nobody replaced it). */
  private holds(name: string, tool: string): boolean {
    const source = this.registry.get(name)?.source;
    return source?.server === this.server && source.tool === tool;
  }

  private drop(tool: string): void {
    const held = this.held.get(tool);
    this.held.delete(tool);
    if (!held || !this.holds(held.name, tool)) return;
    try {
      this.registry.unregister(held.name);
    } catch {
      // An onChange listener threw after the tool was removed; the removal stands.
    }
  }

  private holderOf = (name: string): NameHolder => {
    const definition = this.registry.get(name);
    if (!definition) return { kind: "free" };
    if (!definition.source) return { kind: "builtin" };
    return { kind: "mcp", server: definition.source.server, tool: definition.source.tool };
  };

  private async syncOnce(): Promise<RegistrationReport> {
    if (this.closed) return this.latest;
    let listed: readonly McpToolDescription[];
    try {
      listed = await this.connection.listTools();
    } catch (error) {
      // Keep what is registered: while the server is away its tools answer error results.
      const message = errorSummary(error);
      this.latest = {
        ...this.latest,
        warnings: [`could not list the tools of "${this.server}": ${message}`],
      };
      return this.latest;
    }
    if (this.closed) return this.latest;
    // Everything from here on is synchronous, so no other server's sync interleaves with
    // this one's name choices.
    const report: RegistrationReport = {
      server: this.server,
      registered: [],
      skipped: [],
      warnings: [],
    };
    const byName = new Map<string, McpToolDescription>();
    for (const tool of listed) {
      if (typeof tool?.name !== "string" || tool.name === "") {
        report.warnings.push(
          `the server listed a tool without a name: ${JSON.stringify(tool)?.slice(0, 200)}`,
        );
      } else if (byName.has(tool.name)) {
        report.skipped.push({ tool: tool.name, reason: "duplicate-tool" });
      } else byName.set(tool.name, tool);
    }
    const filtered = filterToolNames([...byName.keys()], this.filter);
    report.skipped.push(...filtered.skipped);
    report.warnings.push(...filtered.warnings);
    const wanted = new Set(filtered.kept);
    for (const tool of [...this.held.keys()]) if (!wanted.has(tool)) this.drop(tool);
    // Tools whose names need no sanitising claim their plain names first, so `a_b` keeps
    // `mcp_s_a_b` and `a.b` is the one renamed, whatever the listing order.
    const order = [
      ...filtered.kept.filter((tool) => sanitizeNamePart(tool) === tool),
      ...filtered.kept.filter((tool) => sanitizeNamePart(tool) !== tool),
    ];
    for (const toolName of order) {
      const tool = byName.get(toolName) as McpToolDescription;
      this.place(tool, report);
    }
    const position = new Map(filtered.kept.map((tool, index) => [tool, index]));
    report.registered.sort((a, b) => (position.get(a.tool) ?? 0) - (position.get(b.tool) ?? 0));
    this.latest = report;
    return report;
  }

  /** Registers, replaces or keeps one tool, recording the outcome in `report`. */
  private place(tool: McpToolDescription, report: RegistrationReport): void {
    const fingerprint = fingerprintOf(tool);
    const held = this.held.get(tool.name);
    if (held && this.holds(held.name, tool.name) && held.fingerprint === fingerprint) {
      report.registered.push({ name: held.name, tool: tool.name });
      report.warnings.push(...held.warnings);
      return;
    }
    let name = held && this.holds(held.name, tool.name) ? held.name : undefined;
    if (name === undefined) {
      const base = baseToolName(this.prefix, this.server, tool.name);
      const identity = { prefix: this.prefix, server: this.server, tool: tool.name };
      const allocation = allocateToolName(base, identity, this.holderOf);
      if (allocation.kind === "builtin") {
        this.held.delete(tool.name);
        report.skipped.push({
          tool: tool.name,
          reason: "collides-with-builtin",
          detail: `the built-in tool "${base}" keeps the name`,
        });
        return;
      }
      name = allocation.name;
      if (allocation.collidedWith) {
        const other = allocation.collidedWith;
        report.warnings.push(
          `tool "${tool.name}" registered as "${name}": "${base}" is already taken by tool "${other.tool}" of server "${other.server}"`,
        );
      }
    }
    const built = buildMcpTool(name, tool, {
      server: this.server,
      toolset: this.toolset,
      connection: this.connection,
      lastError: () => this.lastError,
      maxTextLength: this.options.maxTextLength,
      callTimeoutMs: this.options.callTimeoutMs,
      onWarning: (warning) => {
        this.held.get(tool.name)?.warnings.push(warning);
        this.latest.warnings.push(warning);
      },
    });
    try {
      this.registry.register(built.definition, built.handler, {
        replace: this.holds(name, tool.name),
      });
    } catch (error) {
      if (!RegistryError.isInstance(error) && this.holds(name, tool.name)) {
        // The registry rethrows an onChange listener's error after registering: the tool is in.
        report.warnings.push(
          `a registry change listener threw while registering "${name}": ${errorSummary(error)}`,
        );
      } else {
        this.held.delete(tool.name);
        report.skipped.push({
          tool: tool.name,
          reason: "rejected-by-registry",
          detail: errorSummary(error),
        });
        return;
      }
    }
    this.held.set(tool.name, { name, fingerprint, warnings: built.warnings });
    report.registered.push({ name, tool: tool.name });
    report.warnings.push(...built.warnings);
  }
}

/**
 * Discovers every tool of a connected MCP server, filters them (`include` / `exclude`),
 * names them `mcp_<server>_<tool>` (provider-safe, at most 64 characters, collisions
 * renamed rather than replaced) and registers them in toolset `mcp-<server>`. Built-in
 * tools win over MCP tools of the same name. Unless `watch: false`, the registry is kept
 * true afterwards: on `tools/list_changed` and after a reconnect the tools are re-listed,
 * new ones registered, removed ones unregistered and changed ones replaced.
 *
 * Throws {@link McpRegistrationError} `OPTIONS_INVALID` for bad options only; a server
 * that cannot list its tools gives a report with a warning and no tools.
 *
 * @example
 * const connection = await connectServer("fs", { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."] });
 * const registration = await registerServer(registry, connection, { server: "fs", include: ["read_*"] });
 * registration.registered; // [{ name: "mcp_fs_read_file", tool: "read_file" }, …]
 */
export async function registerServer(
  registry: ToolRegistry,
  connection: ServerConnection,
  options: RegisterServerOptions,
): Promise<ServerRegistration> {
  validateOptions(options);
  const registration = new Registration(registry, connection, options);
  await registration.sync();
  return {
    server: registration.server,
    toolset: registration.toolset,
    get registered() {
      return registration.report().registered;
    },
    get skipped() {
      return registration.report().skipped;
    },
    get warnings() {
      return registration.report().warnings;
    },
    report: () => registration.report(),
    sync: () => registration.sync(),
    setFilter: (filter) => registration.setFilter(filter),
    toolOf: (name) => registration.toolOf(name),
    close: () => registration.close(),
  };
}
