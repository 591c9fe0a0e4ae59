import { Ajv, type ErrorObject, type Options, type ValidateFunction } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { simpleSchemaCheck } from "./simple-schema-check.js";
import type { JsonSchema } from "./types.js";

// ajv-formats is CommonJS with a `default` property; under NodeNext the default import is
// the whole `module.exports`, so reach for the function either way.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** Checks arguments; returns the Ajv errors, or `undefined` when they are valid. */
export type ArgumentCheck = (args: Record<string, unknown>) => ErrorObject[] | undefined;

/** A schema compiled once: its check, and `release()` to drop it from Ajv's cache. */
export type CompiledSchema =
  | { ok: true; check: ArgumentCheck; release: () => void }
  | { ok: false; problem: string };

type Dialect = "draft-07" | "2019-09" | "2020-12";

const OPTIONS: Options = {
  strict: false, // MCP servers send vendor keywords and loose schemas; don't refuse them
  allErrors: true, // one line per violation, not just the first
  verbose: true, // errors carry the offending data, for "got number" messages
  logger: false,
};

/** How a {@link SchemaCompiler} checks; the defaults suit tool arguments. */
export interface SchemaCompilerOptions {
  /** Report every violation (default `true`), or stop at the first. */
  allErrors?: boolean;
  /** Check `format` keywords with ajv-formats (default `true`); `false` ignores them. */
  formats?: boolean;
}

/**
 * Compiles JSON Schemas with Ajv, picking the dialect from `$schema`:
 * 2020-12 and 2019-09 get their own engines, anything else (none, draft-07, draft-06,
 * unknown URIs) is compiled as draft-07. One engine per dialect is created on first use.
 * The registry uses it for tool input schemas; MCP adapters can reuse it (for example
 * for output schemas) so every package reads `$schema` the same way.
 */
export class SchemaCompiler {
  private readonly engines = new Map<Dialect, Ajv>();
  private readonly formats: boolean;
  private readonly options: Options;

  constructor(options: SchemaCompilerOptions = {}) {
    this.formats = options.formats ?? true;
    this.options = {
      ...OPTIONS,
      allErrors: options.allErrors ?? true,
      ...(this.formats ? {} : { validateFormats: false }),
    };
  }

  /**
   * Compiles `schema`, or explains why it cannot be compiled. Never throws. A simple object
   * schema (primitive-typed properties, `required`, `additionalProperties`) is checked
   * without Ajv, which is only compiled the first time arguments fail that quick check —
   * to decide, and to word the errors.
   */
  compile(schema: JsonSchema): CompiledSchema {
    const quick = simpleSchemaCheck(schema);
    if (quick === undefined) return this.compileWithAjv(schema);
    let full: CompiledSchema | undefined;
    return {
      ok: true,
      check: (args) => {
        if (quick(args)) return undefined;
        full ??= this.compileWithAjv(schema);
        return full.ok ? full.check(args) : undefined;
      },
      release: () => {
        if (full?.ok) full.release();
      },
    };
  }

  private compileWithAjv(schema: JsonSchema): CompiledSchema {
    const dialect = dialectOf(schema.$schema);
    // The dialect is chosen; drop `$schema` so a spelling Ajv does not know (http vs https,
    // a trailing "#", draft-06) does not send it looking for a meta-schema it lacks.
    const source = schema.$schema === undefined ? schema : withoutMeta(schema);
    const engine = this.engine(dialect);
    try {
      return compiled(engine, source, engine.compile(source));
    } catch (error) {
      if (!/already exists/.test(messageOf(error))) return { ok: false, problem: messageOf(error) };
    }
    // Another tool's schema uses the same `$id`: give this one an engine of its own.
    try {
      const own = this.createEngine(dialect);
      return compiled(own, source, own.compile(source));
    } catch (error) {
      return { ok: false, problem: messageOf(error) };
    }
  }

  private engine(dialect: Dialect): Ajv {
    let engine = this.engines.get(dialect);
    if (engine === undefined) {
      engine = this.createEngine(dialect);
      this.engines.set(dialect, engine);
    }
    return engine;
  }

  private createEngine(dialect: Dialect): Ajv {
    const engine =
      dialect === "2020-12"
        ? new Ajv2020(this.options)
        : dialect === "2019-09"
          ? new Ajv2019(this.options)
          : new Ajv(this.options);
    return this.formats ? addFormats(engine) : engine;
  }
}

function compiled(engine: Ajv, source: JsonSchema, validate: ValidateFunction): CompiledSchema {
  return {
    ok: true,
    // Ajv keeps the errors on the function; copy them out before anything else can run.
    check: (args) => (validate(args) ? undefined : [...(validate.errors ?? [])]),
    release: () => {
      engine.removeSchema(source);
    },
  };
}

function dialectOf(metaSchema: unknown): Dialect {
  if (typeof metaSchema !== "string") return "draft-07";
  if (metaSchema.includes("2020-12")) return "2020-12";
  if (metaSchema.includes("2019-09")) return "2019-09";
  return "draft-07";
}

function withoutMeta(schema: JsonSchema): JsonSchema {
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
