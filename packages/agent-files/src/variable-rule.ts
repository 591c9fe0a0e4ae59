import { type ExpandedText, expandVariables } from "@tinyloop/mcp-transport/config";

/**
 * How the client a format belongs to expands variables in the strings of its file: tinyloop
 * reads each format by that client's own rule (the README's table says which and where from).
 */
export type VariableRule =
  /**
   * tinyloop's: `${VAR}`, `${VAR:-default}` (Claude Code's), `${env:VAR}`, `${input:ID}` and
   * VS Code's names (`${workspaceFolder}`…, VS Code's and Cursor's); an unset variable is an error.
   */
  | { kind: "tinyloop" }
  /** Gemini CLI's: `$VAR` and `${VAR}`; an unset variable stays as written; no defaults. */
  | { kind: "gemini" }
  /**
   * Hermes Agent's (`mcp_servers`): `${NAME}`, `${env:NAME}` and Cursor's `${userHome}`,
   * `${workspaceFolder}`, `${workspaceFolderBasename}`, `${pathSeparator}`, `${/}`; an unset or
   * empty variable stays as written; no defaults, `$NAME` is text.
   */
  | { kind: "hermes" }
  /**
   * A client that expands nothing in its values (Codex, opencode, Continue): the text stays as
   * written; only the `${NAME}` references the reader made of the client's own keys
   * (`bearer_token_env_var`, `{env:NAME}`, `${{ secrets.NAME }}`) are expanded.
   */
  | { kind: "literal"; references: ReadonlySet<string> };

/** The rule of the formats whose client has none of its own, and of tinyloop's own files. */
export const TINYLOOP_RULE: VariableRule = { kind: "tinyloop" };

/** Gemini CLI's envVarResolver: `$NAME` (word characters) or `${anything}`. */
const GEMINI_REFERENCE = /\$(?:(\w+)|\{([^}]+)\})/g;
/** Hermes Agent's `_ENV_VAR_PATTERN`: `${anything but a brace}`. */
const HERMES_REFERENCE = /\$\{([^}]+)\}/g;
/** Hermes Agent's context variables (Cursor's names), as tinyloop's lookup asks them. */
const HERMES_CONTEXT: Record<string, string> = {
  userHome: "userHome",
  workspaceFolder: "workspaceFolder",
  workspaceFolderBasename: "workspaceFolderBasename",
  pathSeparator: "pathSeparator",
  "/": "pathSeparator",
};
/** A `${NAME}` or `${NAME:-default}` reference, by its name. */
const NAMED_REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}/g;

/**
 * `text` expanded by `rule`: with tinyloop's one expander (mcp-transport's `expandVariables`),
 * by Gemini CLI's rule (`lookup` gets plain names only; never a missing one), by Hermes Agent's
 * (`lookup` gets `env:NAME` or a context variable's name; never a missing one), or, for a literal
 * format, only at the references its reader made.
 */
export function expandByRule(
  text: string,
  rule: VariableRule,
  lookup: (reference: string) => string | undefined,
): ExpandedText {
  switch (rule.kind) {
    case "tinyloop":
      return expandVariables(text, lookup);
    case "gemini":
      return {
        value: text.replace(GEMINI_REFERENCE, (whole, bare?: string, braced?: string) => {
          const name = bare ?? braced ?? "";
          // `${VAR:-x}` or `${env:X}` name no variable to Gemini: kept as written, as it does.
          return (/^\w+$/.test(name) ? lookup(name) : undefined) ?? whole;
        }),
        missing: [],
      };
    case "hermes":
      return {
        value: text.replace(HERMES_REFERENCE, (whole, body: string) => {
          const name = body.trim();
          const context = HERMES_CONTEXT[name];
          const bare = name.startsWith("env:") ? name.slice(4).trim() : name;
          // Hermes keeps the placeholder for an unset or empty variable (`get(…) or m.group(0)`).
          return lookup(context ?? `env:${bare}`) || whole;
        }),
        missing: [],
      };
    case "literal": {
      const missing: string[] = [];
      const value = text.replace(NAMED_REFERENCE, (whole, name: string) => {
        if (!rule.references.has(name)) return whole;
        const one = expandVariables(whole, lookup);
        missing.push(...one.missing);
        return one.value;
      });
      return { value, missing };
    }
  }
}
