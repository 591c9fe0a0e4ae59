import { RegistryError, type ToolRegistry } from "@tinyloop/registry";
import { asError, errorSummary } from "./error-summary.js";
import { buildMcpTool } from "./mcp-tool-definition.js";
import { allocateToolName, type NameHolder } from "./name-allocation.js";
import { baseToolName, sanitizeNamePart } from "./provider-safe-name.js";
import {
  callTimeoutOf,
  type RegisterServerOptions,
  validateOptions,
} from "./register-server-options.js";
import type { RegistrationReport } from "./registration-report.js";
import { withResourceAndPromptTools } from "./resource-prompt-tools.js";
import { schemaTooLarge } from "./schema-bounds.js";
import type { McpToolDescription, ServerConnection } from "./server-connection.js";
import { type SyncOutcome, SyncQueue } from "./sync-queue.js";
import { filterToolNames, type ToolFilter } from "./tool-filter.js";

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

/**
 * One server's tools kept in a registry: lists, filters, names and registers them, and
 * re-syncs on `tools/list_changed` and after a reconnect (one sync at a time per server).
 */
export class Registration {
  readonly server: string;
  readonly toolset: string;
  private readonly prefix: string;
  private filter: ToolFilter;
  private readonly held = new Map<string, Held>();
  private latest: RegistrationReport;
  private lastError: Error | undefined;
  /** One sync at a time, one waiting at most (sync-queue.ts). */
  private readonly syncs = new SyncQueue(() => this.syncOnce());
  private closed = false;
  /** Re-syncs whose outcome is not told yet (`onSync` / `onSyncFailed`). */
  private readonly announcing = new Set<Promise<void>>();
  private readonly unsubscribe: (() => void)[] = [];
  private readonly connection: ServerConnection;

  constructor(
    private readonly registry: ToolRegistry,
    connection: ServerConnection,
    private readonly options: RegisterServerOptions,
  ) {
    // Resources and prompts become tools too, under the same naming and filter rules.
    this.connection = withResourceAndPromptTools(connection);
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
      this.connection.onToolsListChanged(() => this.announceResync()),
      this.connection.onStateChange((state, detail) => {
        if (detail?.error) this.lastError = detail.error;
        if (state !== "ready") dropped = true;
        else if (dropped) {
          dropped = false;
          this.announceResync(); // the server may have come back with other tools
        }
      }),
    );
  }

  /** Starts {@link resync}, kept until it settles so that `syncsSettled()` waits for its news. */
  private announceResync(): void {
    const announcing = this.resync();
    this.announcing.add(announcing);
    void announcing.finally(() => this.announcing.delete(announcing));
  }

  /**
   * A sync started by a notification: never rejects (nobody would see it). A reconnect
   * starts two (the state change and the transport's tools-changed) that share one listing;
   * that listing is announced once.
   */
  private async resync(): Promise<void> {
    const job = this.syncs.request();
    if (job.announced) return;
    job.announced = true;
    try {
      const { report, listFailure } = await job.outcome;
      if (this.closed) return;
      if (listFailure) this.options.onSyncFailed?.(listFailure);
      else this.options.onSync?.(report);
    } catch (error) {
      this.latest = {
        ...this.latest,
        warnings: [...this.latest.warnings, `re-sync failed: ${errorSummary(error)}`],
      };
      if (!this.closed) this.options.onSyncFailed?.(asError(error));
    }
  }

  report(): RegistrationReport {
    return this.latest;
  }

  sync(): Promise<RegistrationReport> {
    return this.syncs.request().report; // a waiting sync is joined: it will see the newest list
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

  async syncsSettled(): Promise<void> {
    await this.syncs.settled();
    await Promise.all(this.announcing);
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

  private async syncOnce(): Promise<SyncOutcome> {
    if (this.closed) return { report: this.latest, listFailure: undefined };
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
      return { report: this.latest, listFailure: asError(error) };
    }
    if (this.closed) return { report: this.latest, listFailure: undefined };
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
      const tooLarge = schemaTooLarge(tool.inputSchema) ?? schemaTooLarge(tool.outputSchema);
      if (tooLarge !== undefined) {
        // A hostile schema would overflow recursive consumers on every turn: leave it out.
        this.drop(toolName);
        report.skipped.push({ tool: toolName, reason: "schema-too-large", detail: tooLarge });
        report.warnings.push(
          `tool "${toolName}" of server "${this.server}" skipped: its schema is too large to use (${tooLarge})`,
        );
        continue;
      }
      this.place(tool, report);
    }
    const position = new Map(filtered.kept.map((tool, index) => [tool, index]));
    report.registered.sort((a, b) => (position.get(a.tool) ?? 0) - (position.get(b.tool) ?? 0));
    this.latest = report;
    return { report, listFailure: undefined };
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
      callMs: callTimeoutOf(this.options),
      whileReconnecting: this.options.whileReconnecting,
      deferred: this.options.deferred,
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
