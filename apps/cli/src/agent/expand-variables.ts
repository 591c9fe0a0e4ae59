import { CliError } from "../cli-error.js";
import type { AgentInput, AgentServer, AgentSpec } from "./agent-spec.js";
import { type ConfigPath, configIssue, formatConfigPath } from "./config-issue.js";

const REFERENCE = /\$\{([^}]*)\}/g;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Asks the user for one input's value (on a terminal); `undefined` when nobody can answer. */
export type InputAsker = (input: AgentInput) => Promise<string | undefined>;

/** The environment variable an input falls back to: `github-token` → `GITHUB_TOKEN`. */
export function inputVariableName(id: string): string {
  return id.toUpperCase().replace(/-/g, "_");
}

interface Slot {
  path: ConfigPath;
  get(): string;
  set(value: string): void;
}

function slotsOf(spec: AgentSpec): Slot[] {
  const slots: Slot[] = [];
  const field = <T extends object, K extends keyof T>(target: T, key: K, path: ConfigPath) => {
    if (typeof target[key] !== "string") return;
    slots.push({
      path,
      get: () => target[key] as string,
      set: (v) => {
        target[key] = v as T[K];
      },
    });
  };
  const map = (target: Record<string, string>, path: ConfigPath) => {
    for (const key of Object.keys(target)) field(target, key, [...path, key]);
  };
  const list = (target: string[], path: ConfigPath) => {
    for (let i = 0; i < target.length; i++) field(target, i, [...path, i]);
  };
  for (const key of ["model", "provider", "endpointUrl", "apiKey"] as const)
    field(spec, key, [key]);
  for (const server of spec.servers) serverSlots(server, { field, map, list });
  return slots;
}

function serverSlots(
  server: AgentServer,
  {
    field,
    map,
    list,
  }: {
    field: <T extends object, K extends keyof T>(t: T, k: K, p: ConfigPath) => void;
    map: (t: Record<string, string>, p: ConfigPath) => void;
    list: (t: string[], p: ConfigPath) => void;
  },
): void {
  const at = server.origin;
  const t = server.transport;
  if (t.type === "stdio") {
    field(t, "command", [...at, "command"]);
    list(t.args, [...at, "args"]);
    map(t.env, [...at, "env"]);
    field(t, "cwd", [...at, "cwd"]);
  } else {
    field(t, "url", [...at, "url"]);
    map(t.headers, [...at, "headers"]);
  }
  if (server.include) list(server.include, [...at, "tools", "include"]);
  if (server.exclude) list(server.exclude, [...at, "tools", "exclude"]);
}

/**
 * Expands `${VAR}`, `${VAR:-default}` and `${input:ID}` in every string of the agent
 * (model, provider, endpointUrl, apiKey and all server fields; not the system prompt).
 * Inputs come from their environment variable, else from `ask`. Mutates and returns `spec`.
 * Throws a `CliError` naming the variable and where it appears when nothing answers.
 */
export async function resolveAgentVariables(
  spec: AgentSpec,
  { env, ask, file }: { env: Record<string, string | undefined>; ask?: InputAsker; file: string },
): Promise<AgentSpec> {
  const slots = slotsOf(spec);
  const declared = new Map(spec.inputs.map((i) => [i.id, i]));
  const inputValues = new Map<string, string>();

  for (const slot of slots) {
    for (const match of slot.get().matchAll(REFERENCE)) {
      const body = match[1] ?? "";
      if (!body.startsWith("input:")) continue;
      const id = body.slice("input:".length);
      const input = declared.get(id);
      if (!input) {
        throw configIssue({
          file,
          path: slot.path,
          problem: `uses \${input:${id}} but "inputs" declares no input with id "${id}"`,
          example: `"inputs": [{ "type": "promptString", "id": "${id}", "description": "…", "password": true }]`,
        });
      }
      if (inputValues.has(id)) continue;
      const fromEnv = env[inputVariableName(id)];
      const value = fromEnv !== undefined && fromEnv !== "" ? fromEnv : await ask?.(input);
      if (value === undefined) {
        throw new CliError({
          code: "INPUT_MISSING",
          message: `${file}: ${formatConfigPath(slot.path)}: needs input "${id}" (${input.description}); set ${inputVariableName(id)}=… or run in a terminal to be asked`,
        });
      }
      inputValues.set(id, value);
    }
  }

  for (const slot of slots) {
    slot.set(
      slot.get().replace(REFERENCE, (_all, body: string) => {
        if (body.startsWith("input:")) return inputValues.get(body.slice("input:".length)) ?? "";
        const split = body.indexOf(":-");
        const name = split === -1 ? body : body.slice(0, split);
        if (!VARIABLE_NAME.test(name)) {
          throw configIssue({
            file,
            path: slot.path,
            problem: `"\${${body}}" is not a variable reference; a name is letters, digits and _`,
            example: `"\${HOME}", "\${PORT:-8080}" or "\${input:api-key}"`,
          });
        }
        const value = env[name];
        if (split !== -1)
          return value === undefined || value === "" ? body.slice(split + 2) : value;
        if (value !== undefined) return value;
        throw new CliError({
          code: "VARIABLE_UNSET",
          message: `${file}: ${formatConfigPath(slot.path)}: variable ${name} is not set; set it, or give a default as \${${name}:-value}`,
        });
      }),
    );
  }
  return spec;
}
