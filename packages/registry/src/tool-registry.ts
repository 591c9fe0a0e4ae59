import { parseToolArguments } from "./argument-parsing.js";
import { ChangeListeners, type ListenerFailure } from "./change-listeners.js";
import type { ToolResult } from "./content.js";
import { applyFilter, isUnrestricted } from "./list-filter.js";
import { RegistryError } from "./registry-error.js";
import { resolveToolName, withResolvedName } from "./resolve-tool-name.js";
import { runHandler } from "./run-handler.js";
import { type CompiledSchema, SchemaCompiler } from "./schema-validator.js";
import { describeViolations } from "./schema-violations.js";
import { assertValidToolName } from "./tool-name.js";
import {
  ambiguousToolResult,
  invalidArgumentsResult,
  stoppedResult,
  toolFailedResult,
  unknownToolResult,
} from "./tool-outcome.js";
import {
  type SearchToolsOptions,
  ToolSearchIndex,
  type ToolSearchMatch,
} from "./tool-search-index.js";
import type {
  ListFilter,
  RegisterOptions,
  RegistryChange,
  RegistryChangeType,
  ToolContext,
  ToolDefinition,
  ToolHandler,
} from "./types.js";
import { assertIsObject, assertValidDefinition } from "./validate-definition.js";

/** A schema that could not be compiled; its tool is then dispatched without validation. */
export interface SchemaProblem {
  tool: string;
  message: string;
}

/** Options of the {@link ToolRegistry} constructor. */
export interface ToolRegistryOptions {
  /**
   * Told once per tool (on its first dispatch) when its `inputSchema` cannot be compiled.
   * Such a tool still runs, with its arguments passed through unvalidated.
   */
  onSchemaProblem?: (problem: SchemaProblem) => void;
  /**
   * Receives each error an `onChange` listener throws. Without it the error is rethrown
   * from the method that made the change, after the change was applied and every listener
   * ran. With it, `register`, `unregister` and `unregisterToolset` never throw for a
   * listener (and `unregisterToolset` always returns the removed names).
   */
  onListenerError?: (failure: ListenerFailure) => void;
}

/** What {@link ToolRegistry.dispatchCall} resolves to. */
export interface DispatchedCall {
  /** The call's result, exactly what `dispatch` resolves to. */
  result: ToolResult;
  /**
   * The arguments as the handler received them (or as they failed schema validation);
   * `undefined` when they were never parsed or are not a JSON object.
   */
  args?: Record<string, unknown>;
}

interface ToolEntry {
  readonly definition: ToolDefinition;
  readonly handler: ToolHandler;
  /** Compiled lazily on first dispatch, then reused. */
  schema?: CompiledSchema;
}

const MAX_CACHED_FILTERS = 32;

/**
 * The one place tools live: built-in functions and MCP tools alike. Register tools with a
 * handler, list them for the model, and dispatch calls by name. `dispatch` never rejects:
 * every tool-level problem comes back as a result with `isError: true`.
 */
export class ToolRegistry {
  private readonly tools = new Map<string, ToolEntry>();
  private readonly listeners: ChangeListeners;
  private readonly compiler = new SchemaCompiler();
  private readonly onSchemaProblem: ((problem: SchemaProblem) => void) | undefined;
  private currentVersion = 0;
  private allTools: readonly ToolDefinition[] | undefined;
  private readonly filteredTools = new Map<string, readonly ToolDefinition[]>();
  private readonly toolsetDeferral = new Map<string, boolean>();
  /** Built on the first `search`, then kept up to date by every change. */
  private searchIndex: ToolSearchIndex | undefined;

  constructor(options: ToolRegistryOptions = {}) {
    this.onSchemaProblem = options.onSchemaProblem;
    this.listeners = new ChangeListeners(options.onListenerError);
  }

  /** Grows by one on every change, so callers can cache anything derived from `list()`. */
  get version(): number {
    return this.currentVersion;
  }

  /**
   * Adds a tool. Throws {@link RegistryError} `NAME_INVALID` for a name outside
   * `^[a-zA-Z0-9_-]{1,64}$`, `NAME_TAKEN` when the name is in use and `replace` is not set,
   * `DEFINITION_INVALID` for a malformed definition or handler. A replaced tool keeps its
   * place in the registration order. The stored definition is a frozen shallow copy.
   */
  register(definition: ToolDefinition, handler: ToolHandler, options: RegisterOptions = {}): void {
    assertIsObject(definition);
    assertValidToolName(definition.name);
    assertValidDefinition(definition, handler);
    const previous = this.tools.get(definition.name);
    if (previous !== undefined && options.replace !== true) {
      throw new RegistryError({
        code: "NAME_TAKEN",
        message: `A tool named "${definition.name}" is already registered (toolset "${previous.definition.toolset}"). Unregister it first, pick another name, or pass { replace: true }.`,
      });
    }
    if (previous?.schema?.ok) previous.schema.release();
    this.tools.set(definition.name, { definition: Object.freeze({ ...definition }), handler });
    this.changed(previous === undefined ? "registered" : "replaced", [definition.name]);
  }

  /** Removes a tool; returns whether it existed. */
  unregister(name: string): boolean {
    if (!this.remove(name)) return false;
    this.changed("unregistered", [name]);
    return true;
  }

  /** Removes every tool of a toolset, as one change; returns the removed names. */
  unregisterToolset(toolset: string): string[] {
    const names = [...this.tools.values()]
      .filter((entry) => entry.definition.toolset === toolset)
      .map((entry) => entry.definition.name);
    for (const name of names) this.remove(name);
    if (names.length > 0) this.changed("unregistered", names);
    return names;
  }

  /** Whether a tool of this name is registered. */
  has(name: string): boolean {
    return this.tools.has(name);
  }

  /** The (frozen) definition of a tool, or `undefined`. */
  get(name: string): ToolDefinition | undefined {
    return this.tools.get(name)?.definition;
  }

  /**
   * Definitions in registration order, optionally filtered by toolset and exact names
   * (`exclude` wins over `include`). The array is frozen and cached until the next
   * change, so calling `list()` repeatedly costs nothing.
   */
  list(filter?: ListFilter): readonly ToolDefinition[] {
    if (filter === undefined || isUnrestricted(filter)) {
      this.allTools ??= Object.freeze([...this.tools.values()].map((entry) => entry.definition));
      return this.allTools;
    }
    const key = JSON.stringify([filter.toolsets ?? [], filter.include ?? [], filter.exclude ?? []]);
    const cached = this.filteredTools.get(key);
    if (cached !== undefined) return cached;
    const result = Object.freeze(applyFilter(this.list(), filter));
    if (this.filteredTools.size >= MAX_CACHED_FILTERS) this.filteredTools.clear();
    this.filteredTools.set(key, result);
    return result;
  }

  /**
   * Sets the deferral of a whole toolset, for its tools registered now and later: `true`
   * keeps them out of an agent's offered tools until `tool_search` finds them, `false`
   * always offers them, `undefined` leaves it to the agent. A tool's own `deferred` wins.
   * Emits one `deferral` change (with the toolset's current tools) when the value changes.
   */
  deferToolset(toolset: string, deferred: boolean | undefined): void {
    if (typeof toolset !== "string" || toolset === "") {
      throw new RegistryError({
        code: "DEFINITION_INVALID",
        message: `deferToolset: expected a non-empty toolset name (e.g. "mcp-github"), got ${JSON.stringify(toolset)}.`,
      });
    }
    if (deferred !== undefined && typeof deferred !== "boolean") {
      throw new RegistryError({
        code: "DEFINITION_INVALID",
        message: `deferToolset("${toolset}", …): expected true, false or undefined, got ${JSON.stringify(deferred)}.`,
      });
    }
    if (this.toolsetDeferral.get(toolset) === deferred) return;
    if (deferred === undefined) this.toolsetDeferral.delete(toolset);
    else this.toolsetDeferral.set(toolset, deferred);
    const names = this.list({ toolsets: [toolset] }).map((definition) => definition.name);
    this.changed("deferral", names);
  }

  /**
   * Whether a tool is deferred: its own `deferred`, else its toolset's (see
   * {@link deferToolset}), else `undefined` — then the agent's `toolSearch` policy decides.
   */
  deferral(name: string): boolean | undefined {
    const definition = this.tools.get(name)?.definition;
    if (definition === undefined) return undefined;
    return definition.deferred ?? this.toolsetDeferral.get(definition.toolset);
  }

  /**
   * Finds the registered tools best matching `query` (words of a task, keywords, or exact
   * names separated by commas; exact names first), best first. The full-text index is built
   * on the first search, not at start-up, and updated on every register and unregister after
   * that (so also when an MCP server's tool list changes). `among` narrows the answer, say to
   * the tools an agent has not offered yet.
   */
  search(query: string, options: SearchToolsOptions = {}): ToolSearchMatch[] {
    this.searchIndex ??= new ToolSearchIndex(this.list());
    return this.searchIndex.search(query, options);
  }

  /** Names of the toolsets that currently have tools, in order of first registration. */
  toolsets(): string[] {
    return [...new Set(this.list().map((definition) => definition.toolset))];
  }

  /**
   * Calls a tool by name. `args` is an object or the raw JSON text a model produced.
   * Never rejects: an unknown tool, unparsable or schema-breaking arguments, a throwing
   * handler and an aborted signal all resolve to a result with `isError: true` and a
   * `code` (see {@link ToolErrorCode}).
   */
  async dispatch(name: string, args: unknown, context?: ToolContext): Promise<ToolResult> {
    return (await this.dispatchCall(name, args, context)).result;
  }

  /**
   * {@link dispatch}, also handing back the arguments as the handler received them (parsed
   * from JSON text, a double-encoded object decoded), so a caller needs no parsing of its
   * own. `args` is `undefined` when the call never got that far (unknown tool, aborted
   * before it started, arguments not a JSON object).
   */
  async dispatchCall(name: string, args: unknown, context?: ToolContext): Promise<DispatchedCall> {
    try {
      // A fresh object per call when none is given: handlers share no mutable state.
      const callContext = context ?? {};
      const resolution = this.tools.has(name) ? undefined : resolveToolName(name, this.list());
      if (resolution?.kind === "ambiguous")
        return { result: ambiguousToolResult(name, resolution.candidates) };
      if (resolution?.kind === "found") {
        const ran = resolution.definition.name;
        const called = await this.dispatchCall(ran, args, context);
        return { ...called, result: withResolvedName(called.result, name, ran) };
      }
      const entry = this.tools.get(name);
      if (entry === undefined) return { result: unknownToolResult(name, this.tools.keys()) };
      const signal = callContext.signal;
      if (signal?.aborted) return { result: stoppedResult(name, signal) };
      const parsed = parseToolArguments(args, name);
      if (!parsed.ok) return { result: invalidArgumentsResult(parsed.message) };
      const schema = entry.schema ?? this.compileSchema(entry);
      if (schema.ok) {
        const errors = schema.check(parsed.value);
        if (errors !== undefined) {
          const lines = describeViolations(errors);
          const message = `Invalid arguments for tool "${name}":\n${lines.map((line) => `- ${line}`).join("\n")}\nFix the arguments to match the tool's input schema and call it again.`;
          return { result: invalidArgumentsResult(message), args: parsed.value };
        }
      }
      const result = await runHandler(name, entry.handler, parsed.value, callContext);
      return { result, args: parsed.value };
    } catch (error) {
      // Safety net: nothing above should throw, but dispatch must never reject.
      return { result: toolFailedResult(String(name), error) };
    }
  }

  /**
   * Calls `listener` synchronously after every change; returns a function that unsubscribes
   * it. A throwing listener does not undo the change nor stop the other listeners; see
   * {@link ToolRegistryOptions.onListenerError} for where its error goes.
   */
  onChange(listener: (change: RegistryChange) => void): () => void {
    return this.listeners.add(listener);
  }

  private remove(name: string): boolean {
    const entry = this.tools.get(name);
    if (entry === undefined) return false;
    if (entry.schema?.ok) entry.schema.release();
    this.tools.delete(name);
    return true;
  }

  private compileSchema(entry: ToolEntry): CompiledSchema {
    const schema = this.compiler.compile(entry.definition.inputSchema);
    entry.schema = schema;
    if (!schema.ok) {
      this.onSchemaProblem?.({
        tool: entry.definition.name,
        message: `The input schema of tool "${entry.definition.name}" cannot be compiled (${schema.problem}); its arguments are passed through unvalidated.`,
      });
    }
    return schema;
  }

  private updateSearchIndex(index: ToolSearchIndex, type: RegistryChangeType, names: string[]) {
    if (type === "deferral") return;
    for (const name of names) {
      const entry = this.tools.get(name);
      if (entry === undefined) index.remove(name);
      else index.add(entry.definition);
    }
  }

  /** Bumps the version, drops list caches, then tells every listener (all of them, always). */
  private changed(type: RegistryChangeType, names: string[]): void {
    this.currentVersion += 1;
    this.allTools = undefined;
    this.filteredTools.clear();
    if (this.searchIndex !== undefined) this.updateSearchIndex(this.searchIndex, type, names);
    const change: RegistryChange = Object.freeze({
      type,
      names: Object.freeze(names),
      version: this.currentVersion,
    });
    this.listeners.notify(change);
  }
}
