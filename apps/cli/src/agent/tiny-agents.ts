import { z } from "zod";
import type { AgentServer, AgentSpec } from "./agent-spec.js";
import { configIssue, describeFound, parseWith } from "./config-issue.js";
import { parseServerEntry } from "./server-entry.js";
import { deriveServerName, uniqueNames } from "./server-names.js";

const EXAMPLE = `{ "model": "Qwen/Qwen2.5-72B-Instruct", "provider": "nebius", "servers": [{ "type": "stdio", "command": "npx", "args": ["@playwright/mcp@latest"] }] }`;

/** Keys shared by tiny-agents' agent.json and tinyloop's additions to it. */
export const agentSettingsSchema = {
  model: z.string().min(1).optional(),
  provider: z.string().min(1).optional(),
  endpointUrl: z.string().min(1).optional(),
  apiKey: z.string().optional(),
  maxTurns: z.int().positive().optional(),
  toolConcurrency: z.int().positive().optional(),
  approval: z.enum(["ask", "always", "never"]).optional(),
};

const inputSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_.-]+$/, "expected an id of letters, digits, _ . -"),
  description: z.string(),
  type: z.string().optional(),
  password: z.boolean().optional(),
});

const agentJsonSchema = z.strictObject({
  $schema: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  ...agentSettingsSchema,
  inputs: z.array(inputSchema).optional(),
  servers: z.array(z.unknown()).optional(),
});

/**
 * Reads a Hugging Face tiny-agents `agent.json` (already JSON-parsed) into an agent.
 * Both server shapes work: flat `{ type, command, args, env }` / `{ type, url, headers }`
 * and nested `{ type, config: { … } }`. Names come from each command or URL, made unique.
 */
export function parseTinyAgent(raw: unknown, { file }: { file: string }): AgentSpec {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw configIssue({
      file,
      path: [],
      problem: `expected an object, got ${describeFound(raw)}`,
      example: EXAMPLE,
    });
  }
  const parsed = parseWith(agentJsonSchema, raw, { file, example: EXAMPLE });
  const entries = (parsed.servers ?? []).map((entry, index) => ({
    index,
    entry: parseServerEntry(entry, { file, path: ["servers", index], style: "tiny-agents" }),
  }));
  const names = uniqueNames(entries.map(({ entry }) => deriveServerName(entry.transport)));
  const servers: AgentServer[] = entries.map(
    ({ index, entry: { enabled: _enabled, ...entry } }, i) => ({
      name: names[i] ?? `server-${index + 1}`,
      origin: ["servers", index],
      ...entry,
    }),
  );
  const spec: AgentSpec = {
    format: "tiny-agents",
    path: file,
    inputs: (parsed.inputs ?? []).map((i) => ({
      id: i.id,
      description: i.description,
      password: i.password === true,
    })),
    servers,
  };
  copySettings(parsed, spec);
  return spec;
}

/** Copies the optional model and loop settings that every format shares. */
export function copySettings(
  from: Partial<
    Pick<
      AgentSpec,
      "model" | "provider" | "endpointUrl" | "apiKey" | "maxTurns" | "toolConcurrency" | "approval"
    >
  >,
  to: AgentSpec,
): void {
  if (from.model !== undefined) to.model = from.model;
  if (from.provider !== undefined) to.provider = from.provider;
  if (from.endpointUrl !== undefined) to.endpointUrl = from.endpointUrl;
  if (from.apiKey !== undefined) to.apiKey = from.apiKey;
  if (from.maxTurns !== undefined) to.maxTurns = from.maxTurns;
  if (from.toolConcurrency !== undefined) to.toolConcurrency = from.toolConcurrency;
  if (from.approval !== undefined) to.approval = from.approval;
}
