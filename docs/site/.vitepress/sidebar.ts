import type { DefaultTheme } from "vitepress";

/** One sidebar entry: a page's title and its link (no `.md`, `/` for a folder's index). */
type Item = { text: string; link: string };

/**
 * The site's sidebar, grouped by what people come to do. The docs test reads it: every page
 * must be reachable from here (or from the generated API sidebar under /reference/api/).
 */
export const guideSidebar: { text: string; collapsed?: boolean; items: Item[] }[] = [
  {
    text: "Start",
    items: [
      { text: "Quick start", link: "/quick-start" },
      { text: "Moving from Tiny Agents", link: "/tiny-agents" },
    ],
  },
  {
    text: "Run your existing config",
    items: [
      { text: "Configs you already have", link: "/configs/" },
      { text: "Where each client keeps its config", link: "/configs/locations" },
      { text: "Agent files", link: "/configs/agent-files" },
      { text: "What is read, file by file", link: "/configs/file-formats" },
      { text: "Hub agents", link: "/configs/hub-agents" },
    ],
  },
  {
    text: "Run",
    items: [
      { text: "Run an agent", link: "/run/" },
      { text: "--json output", link: "/run/json-output" },
    ],
  },
  {
    text: "Models",
    items: [
      { text: "Which model", link: "/models/" },
      { text: "Models without native tool calling", link: "/models/text-tool-calls" },
      { text: "Reasoning", link: "/models/reasoning" },
      { text: "A local llama.cpp model", link: "/models/llama-cpp" },
    ],
  },
  {
    text: "Tools",
    items: [
      { text: "Tool approval", link: "/tools/approvals" },
      { text: "Tool search and lazy servers", link: "/tools/tool-search" },
      { text: "Tasks, forms, sampling, roots", link: "/tools/mcp-features" },
      { text: "MCP auth (OAuth 2.1)", link: "/tools/mcp-auth" },
    ],
  },
  {
    text: "Serve",
    items: [
      { text: "OpenAI-compatible endpoint and chat page", link: "/serve/" },
      { text: "As an MCP server", link: "/serve/mcp-server" },
      { text: "Behind a load balancer", link: "/serve/many-machines" },
    ],
  },
  { text: "Durable runs", items: [{ text: "Worker, batch, Postgres", link: "/durable/" }] },
  {
    text: "Observe",
    items: [
      { text: "Timeline", link: "/observe/timeline" },
      { text: "Tracing (OpenTelemetry)", link: "/observe/tracing" },
    ],
  },
  {
    text: "Use the packages in your own code",
    items: [
      { text: "Pick and mix", link: "/packages/" },
      { text: "agent-loop", link: "/packages/agent-loop" },
      { text: "agent-server", link: "/packages/agent-server" },
      { text: "agent-files", link: "/packages/agent-files" },
      { text: "mcp-transport", link: "/packages/mcp-transport" },
      { text: "agent-session", link: "/packages/agent-session" },
      { text: "durable", link: "/packages/durable" },
      { text: "errors", link: "/packages/errors" },
      { text: "inference-adapters", link: "/packages/inference-adapters" },
      { text: "mcp-registration", link: "/packages/mcp-registration" },
      { text: "otlp-export", link: "/packages/otlp-export" },
      { text: "registry", link: "/packages/registry" },
      { text: "terminal-text", link: "/packages/terminal-text" },
    ],
  },
  {
    text: "Security",
    items: [
      { text: "Sandbox", link: "/security/sandbox" },
      { text: "Secrets in logs and errors", link: "/security/secrets" },
      { text: "Hostile servers", link: "/security/hostile-servers" },
    ],
  },
  {
    text: "Decisions",
    collapsed: true,
    items: [
      { text: "The CLI", link: "/decisions/cli" },
      { text: "The agent loop", link: "/decisions/agent-loop" },
      { text: "Serving", link: "/decisions/agent-server" },
      { text: "Agent files", link: "/decisions/agent-files" },
      { text: "MCP connections", link: "/decisions/mcp-transport" },
      { text: "Terminal text", link: "/decisions/terminal-text" },
      { text: "Agent sessions", link: "/decisions/agent-session" },
      { text: "Durable runs", link: "/decisions/durable" },
      { text: "The tool registry", link: "/decisions/registry" },
      { text: "Registering MCP tools", link: "/decisions/mcp-registration" },
      { text: "Model adapters", link: "/decisions/inference-adapters" },
    ],
  },
  {
    text: "Reference",
    items: [
      { text: "CLI (generated)", link: "/reference/cli" },
      { text: "Commands and flags explained", link: "/reference/cli-commands" },
      { text: "API (generated)", link: "/reference/api/" },
      { text: "Error codes (generated)", link: "/reference/errors" },
    ],
  },
  {
    text: "Contributing",
    collapsed: true,
    items: [
      { text: "agent-loop: benchmarks and tests", link: "/contributing/agent-loop" },
      { text: "agent-server: benchmarks and tests", link: "/contributing/agent-server" },
      { text: "agent-files: benchmarks and tests", link: "/contributing/agent-files" },
      { text: "mcp-transport: benchmarks and tests", link: "/contributing/mcp-transport" },
      { text: "durable: benchmarks and tests", link: "/contributing/durable" },
      { text: "registry: benchmarks and tests", link: "/contributing/registry" },
      { text: "mcp-registration: benchmarks and tests", link: "/contributing/mcp-registration" },
      {
        text: "inference-adapters: benchmarks and tests",
        link: "/contributing/inference-adapters",
      },
      { text: "Performance against the peers", link: "/contributing/performance" },
      { text: "End-to-end benchmarks", link: "/contributing/benchmarks" },
      { text: "Mutation testing", link: "/contributing/mutation-testing" },
    ],
  },
];

/** The sidebar VitePress shows: the guides, and under /reference/api/ the TypeDoc one too. */
export function sidebar(apiItems: DefaultTheme.SidebarItem[]): DefaultTheme.Sidebar {
  return {
    "/reference/api/": [
      { text: "API reference", link: "/reference/api/", items: apiItems },
      ...guideSidebar,
    ],
    "/": guideSidebar,
  };
}
