import { z } from "zod";
import type { AgentServer, AgentSpec } from "./agent-spec.js";
import { configIssue, parseWith } from "./config-issue.js";
import { parseServerEntry } from "./server-entry.js";

const EXAMPLE = `mcp_servers: { files: { command: npx, args: ["-y", "@modelcontextprotocol/server-filesystem", "."] } }`;

// Hermes' `model` is either a model id or a mapping with the provider beside it.
const modelSchema = z.union(
  [
    z.string().min(1),
    z
      .object({
        default: z.string().optional(),
        name: z.string().optional(),
        provider: z.string().optional(),
        base_url: z.string().optional(),
        api_key: z.string().optional(),
      })
      .loose(),
  ],
  { error: "expected a model id or a mapping such as { default: gpt-4o, provider: openai }" },
);

// A Hermes config.yaml holds much more than MCP (toolsets, terminal, memory…): other keys are ignored.
const fileSchema = z
  .object({
    mcp_servers: z.record(z.string(), z.unknown()).nullable().optional(),
    model: modelSchema.optional(),
    provider: z.string().min(1).optional(),
    base_url: z.string().optional(),
    max_turns: z.int().positive().optional(),
  })
  .loose();

/**
 * Reads a Hermes-agent style YAML config (already YAML-parsed): `mcp_servers` mapping names
 * to `command`/`args`/`env` or `url`/`headers`, with `timeout` / `connect_timeout` in seconds,
 * `enabled`, and `tools: { include, exclude }`; plus `model` / `provider` keys.
 */
export function parseHermesYaml(raw: unknown, { file }: { file: string }): AgentSpec {
  const parsed = parseWith(fileSchema, raw ?? {}, { file, example: EXAMPLE });
  if (parsed.mcp_servers === undefined) {
    throw configIssue({
      file,
      path: [],
      problem: `expected an "mcp_servers" mapping, found none`,
      example: EXAMPLE,
    });
  }
  const servers: AgentServer[] = [];
  for (const [name, value] of Object.entries(parsed.mcp_servers ?? {})) {
    const { enabled, ...entry } = parseServerEntry(value, {
      file,
      path: ["mcp_servers", name],
      style: "hermes",
    });
    if (enabled) servers.push({ name, origin: ["mcp_servers", name], ...entry });
  }
  const spec: AgentSpec = { format: "hermes", path: file, inputs: [], servers };
  const model = parsed.model;
  if (typeof model === "string") spec.model = model;
  else if (model) {
    const id = model.default ?? model.name;
    if (id) spec.model = id;
    if (model.provider) spec.provider = model.provider;
    if (model.base_url) spec.endpointUrl = model.base_url;
    if (model.api_key) spec.apiKey = model.api_key;
  }
  if (parsed.provider) spec.provider = parsed.provider;
  if (parsed.base_url) spec.endpointUrl = parsed.base_url;
  if (parsed.max_turns) spec.maxTurns = parsed.max_turns;
  return spec;
}
