// biome-ignore-all lint/suspicious/noTemplateCurlyInString: examples spell ${VAR} literally
import type { EntryExamples } from "../read-server-entry.js";

/** Examples of a right server entry, per file format. */
export const EXAMPLES = {
  "tiny-agents": {
    stdio: `{ "type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."] }`,
    http: `{ "type": "http", "url": "https://example.com/mcp", "headers": { "Authorization": "Bearer \${input:token}" } }`,
  },
  "mcp-servers": {
    stdio: `"files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."], "env": {} }`,
    http: `"remote": { "type": "http", "url": "https://example.com/mcp", "headers": { "Authorization": "Bearer \${TOKEN}" } }`,
  },
  vscode: {
    stdio: `"files": { "type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "\${workspaceFolder}"] }`,
    http: `"github": { "type": "http", "url": "https://api.githubcopilot.com/mcp/", "headers": { "Authorization": "Bearer \${input:github-token}" } }`,
  },
  hermes: {
    stdio: `files: { command: npx, args: ["-y", "@modelcontextprotocol/server-filesystem", "."], timeout: 120 }`,
    http: `remote: { url: "https://example.com/mcp", headers: { Authorization: "Bearer \${TOKEN}" } }`,
  },
  codex: {
    stdio: `[mcp_servers.files]  command = "npx"  args = ["-y", "@modelcontextprotocol/server-filesystem", "."]`,
    http: `[mcp_servers.docs]  url = "https://example.com/mcp"  bearer_token_env_var = "DOCS_TOKEN"`,
  },
  gemini: {
    stdio: `"files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."], "timeout": 30000 }`,
    http: `"docs": { "httpUrl": "https://example.com/mcp", "headers": { "Authorization": "Bearer $DOCS_TOKEN" }, "timeout": 30000 }`,
  },
  opencode: {
    stdio: `"files": { "type": "local", "command": ["npx", "-y", "@modelcontextprotocol/server-filesystem", "."], "environment": {} }`,
    http: `"docs": { "type": "remote", "url": "https://example.com/mcp", "headers": { "Authorization": "Bearer {env:DOCS_TOKEN}" } }`,
  },
  zed: {
    stdio: `"files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."], "env": {} }`,
    http: `"docs": { "url": "https://example.com/mcp", "headers": { "Authorization": "Bearer token" } }`,
  },
  goose: {
    stdio: `files: { type: stdio, cmd: npx, args: ["-y", "@modelcontextprotocol/server-filesystem", "."], enabled: true, timeout: 300 }`,
    http: `docs: { type: streamable_http, uri: "https://example.com/mcp", headers: { Authorization: "Bearer token" }, enabled: true }`,
  },
  continue: {
    stdio: `mcpServers: [{ name: files, command: npx, args: ["-y", "@modelcontextprotocol/server-filesystem", "."] }]`,
    http: `mcpServers: [{ name: docs, type: streamable-http, url: "https://example.com/mcp" }]`,
  },
} as const satisfies Record<string, EntryExamples>;

/** A whole file of each format, for "what is this file?" errors. */
export const FILE_EXAMPLES = {
  "tiny-agents": `{ "model": "Qwen/Qwen2.5-72B-Instruct", "provider": "nebius", "servers": [{ "type": "stdio", "command": "npx", "args": ["@playwright/mcp@latest"] }] }`,
  "mcp-servers": `{ "mcpServers": { "files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."] } } }`,
  vscode: `{ "servers": { "files": { "type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."] } } }`,
  hermes: `mcp_servers: { files: { command: npx, args: ["-y", "@modelcontextprotocol/server-filesystem", "."] } }`,
  codex: `[mcp_servers.files]  command = "npx"  args = ["-y", "@modelcontextprotocol/server-filesystem", "."]`,
  gemini: `{ "mcpServers": { "files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."] } } }`,
  opencode: `{ "mcp": { "files": { "type": "local", "command": ["npx", "-y", "@modelcontextprotocol/server-filesystem", "."] } } }`,
  zed: `{ "context_servers": { "files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."] } } }`,
  goose: `extensions: { files: { type: stdio, cmd: npx, args: ["-y", "@modelcontextprotocol/server-filesystem", "."], enabled: true } }`,
  continue: `mcpServers: [{ name: files, command: npx, args: ["-y", "@modelcontextprotocol/server-filesystem", "."] }]`,
} as const;

/**
 * A tiny-agents `agent.json` key in its right form, for an error at that key (a `model`
 * error shows a `model`, not a whole file).
 */
export const TINY_AGENTS_KEY_EXAMPLES: Readonly<Record<string, string>> = {
  $schema: `"$schema": "https://huggingface.co/schemas/tiny-agents.json"`,
  name: `"name": "my-agent"`,
  description: `"description": "Reads and summarises files"`,
  model: `"model": "Qwen/Qwen2.5-72B-Instruct"`,
  provider: `"provider": "nebius"`,
  endpointUrl: `"endpointUrl": "http://localhost:11434/v1"`,
  apiKey: `"apiKey": "\${input:api-key}"`,
  maxTurns: `"maxTurns": 20`,
  toolConcurrency: `"toolConcurrency": 4`,
  approval: `"approval": "ask"`,
  endWhen: `"endWhen": "text"`,
  toolCallFormat: `"toolCallFormat": "auto"`,
  inputs: `"inputs": [{ "type": "promptString", "id": "api-key", "description": "Your API key", "password": true }]`,
  servers: `"servers": [${EXAMPLES["tiny-agents"].stdio}]`,
};
