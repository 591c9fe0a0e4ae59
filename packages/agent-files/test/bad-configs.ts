// biome-ignore-all lint/suspicious/noTemplateCurlyInString: agent files spell ${VAR} literally
/** One bad agent file and the words its error message must contain. */
export interface BadConfig {
  name: string;
  /** Files to write, relative to a fresh temporary folder. */
  files: Record<string, string>;
  /** The AGENT argument, relative to that folder. */
  target: string;
  env?: Record<string, string>;
  expect: string[];
}

const json = (value: unknown) => JSON.stringify(value, null, 2);
const agent = (value: unknown): Record<string, string> => ({ "agent.json": json(value) });
const stdio = { type: "stdio", command: "node", args: ["server.js"] };

/** Every one of these must fail with exit code 2, the message, and no server started. */
export const BAD_CONFIGS: BadConfig[] = [
  {
    name: "agent.json that is not JSON",
    files: { "agent.json": "{ servers: [" },
    target: ".",
    expect: [
      'agent.json:1:3: is not valid JSON; expected a JSON value, got "servers"',
      "^",
      "example:",
    ],
  },
  {
    name: "servers is an object",
    files: agent({ servers: {} }),
    target: ".",
    expect: ["servers: expected a list, got an object", "example:"],
  },
  {
    name: "command is a number",
    files: agent({ servers: [{ type: "stdio", command: 3 }] }),
    target: ".",
    expect: [
      "servers[0].command: expected a string, got a number (3)",
      `example: { "type": "stdio", "command": "npx"`,
    ],
  },
  {
    name: "server with neither command nor url",
    files: agent({ servers: [{ type: "stdio", args: ["x"] }] }),
    target: ".",
    expect: [`servers[0]: has neither "command" (a server to start) nor "url" (a server to reach)`],
  },
  {
    name: "server with both command and url",
    files: agent({ servers: [{ command: "node", url: "http://localhost:1/mcp" }] }),
    target: ".",
    expect: [`servers[0]: has both "command" and "url"`],
  },
  {
    name: "args as one string",
    files: agent({ servers: [{ type: "stdio", command: "npx", args: "-y server" }] }),
    target: ".",
    expect: [`servers[0].args: expected a list, got a string ("-y server")`],
  },
  {
    name: "env value is an object",
    files: agent({ servers: [{ ...stdio, env: { TOKEN: { value: "x" } } }] }),
    target: ".",
    expect: ["servers[0].env.TOKEN: expected", "got an object"],
  },
  {
    name: "unsupported transport type",
    files: agent({ servers: [{ type: "websocket", url: "ws://localhost:1" }] }),
    target: ".",
    expect: [`servers[0].type: expected "stdio", "http" or "sse"`, `got a string ("websocket")`],
  },
  {
    name: "nested http config without url",
    files: agent({ servers: [{ type: "http", config: { options: {} } }] }),
    target: ".",
    expect: [`servers[0].config: expected "url" in the config of an http server`, `"requestInit"`],
  },
  {
    name: "maxTurns of zero",
    files: agent({ maxTurns: 0, servers: [] }),
    target: ".",
    expect: ["maxTurns:", "got a number (0)"],
  },
  {
    name: "unknown approval mode",
    files: agent({ approval: "sometimes", servers: [] }),
    target: ".",
    expect: [`approval: expected "ask", "always" or "never", got a string ("sometimes")`],
  },
  {
    name: "unknown endWhen",
    files: agent({ endWhen: "twice", servers: [] }),
    target: ".",
    expect: [`agent.json:2:14: endWhen: expected "text" or "two-texts", got a string ("twice")`],
  },
  {
    name: "unknown endWhen beside mcpServers",
    files: { "mcp.json": json({ endWhen: 2, mcpServers: {} }) },
    target: "mcp.json",
    expect: [`endWhen: expected "text" or "two-texts", got a number (2)`],
  },
  {
    name: "YAML end_when unknown",
    files: { "config.yaml": "end_when: never\nmcp_servers:\n  files:\n    command: node\n" },
    target: "config.yaml",
    expect: [`config.yaml:1:11: end_when: expected "text" or "two-texts", got a string ("never")`],
  },
  {
    name: "undeclared input",
    files: agent({ servers: [{ ...stdio, env: { TOKEN: "${input:tok}" } }] }),
    target: ".",
    expect: [
      `servers[0].env.TOKEN: uses \${input:tok} but "inputs" declares no input with id "tok"`,
      `"inputs": [{`,
    ],
  },
  {
    name: "unset variable without default",
    files: agent({ servers: [{ ...stdio, args: ["--root", "${TINYLOOP_TEST_UNSET_ROOT}"] }] }),
    target: ".",
    expect: [
      "a variable is not set (TINYLOOP_TEST_UNSET_ROOT)",
      "servers[0].args[1]: ${TINYLOOP_TEST_UNSET_ROOT}",
      "${NAME:-default}",
    ],
  },
  {
    name: "input not given without a terminal",
    files: agent({
      inputs: [{ id: "api-token", description: "API token", password: true }],
      servers: [
        {
          type: "http",
          url: "http://localhost:1/mcp",
          headers: { Authorization: "Bearer ${input:api-token}" },
        },
      ],
    }),
    target: ".",
    expect: [
      "needs an input and nobody can answer here (no terminal)",
      "api-token (API token): set API_TOKEN=…",
    ],
  },
  {
    name: "mcpServers as a list",
    files: { ".mcp.json": json({ mcpServers: [] }) },
    target: ".mcp.json",
    expect: [
      ".mcp.json:2:17: mcpServers: expected an object, got an empty list",
      `"mcpServers": { "files"`,
    ],
  },
  {
    name: "mcpServers entry in tiny-agents nested form",
    files: { "mcp.json": json({ mcpServers: { files: { config: { command: "node" } } } }) },
    target: "mcp.json",
    expect: [
      `mcpServers.files.config: the nested "config" form belongs to tiny-agents' agent.json`,
    ],
  },
  {
    name: "mcpServers entry is a string",
    files: {
      "claude_desktop_config.json": json({ mcpServers: { files: "npx server-filesystem" } }),
    },
    target: "claude_desktop_config.json",
    expect: [`mcpServers.files: expected a server object, got a string ("npx server-filesystem")`],
  },
  {
    name: "YAML that does not parse",
    files: { "config.yaml": "mcp_servers:\n  files:\n    command: [node\n" },
    target: "config.yaml",
    expect: ["config.yaml:4:1: is not valid YAML", "example: mcp_servers:"],
  },
  {
    name: "YAML without mcp_servers",
    files: { "config.yaml": "model: gpt-4o\n" },
    target: "config.yaml",
    expect: [`config.yaml:1:1: has no "mcp_servers" mapping`, "example: mcp_servers:"],
  },
  {
    name: "YAML timeout as text",
    files: { "config.yaml": "mcp_servers:\n  files:\n    command: node\n    timeout: fast\n" },
    target: "config.yaml",
    expect: [`mcp_servers.files.timeout: expected a number, got a string ("fast")`],
  },
  {
    name: "YAML reconnect with negative retries",
    files: {
      "config.yaml":
        "mcp_servers:\n  files:\n    command: node\n    reconnect:\n      sessionRetries: -1\n",
    },
    target: "config.yaml",
    expect: [
      "mcp_servers.files.reconnect.sessionRetries: expected 0 or more retries (0 turns them off), got a number (-1)",
      `example: "reconnect": { "sessionRetries": 0 }`,
    ],
  },
  {
    name: "pingInterval as text",
    files: {
      ".mcp.json": json({ mcpServers: { files: { command: "node", pingInterval: "30s" } } }),
    },
    target: ".mcp.json",
    expect: [
      `mcpServers.files.pingInterval: expected a number, got a string ("30s")`,
      `example: "pingInterval": 30  (seconds)`,
    ],
  },
  {
    name: "YAML tools.include as a number",
    files: {
      "config.yaml": "mcp_servers:\n  files:\n    command: node\n    tools:\n      include: 5\n",
    },
    target: "config.yaml",
    expect: ["mcp_servers.files.tools.include:", "got a number (5)"],
  },
  {
    name: "YAML mcp_servers as a list",
    files: { "config.yaml": "mcp_servers:\n  - command: node\n" },
    target: "config.yaml",
    expect: ["mcp_servers: expected an object, got a list"],
  },
  {
    name: "folder without agent.json",
    files: { "README.md": "nothing here" },
    target: ".",
    expect: ["the folder has no agent.json"],
  },
  {
    name: "path that does not exist",
    files: {},
    target: "missing-agent",
    expect: ["missing-agent: no such file or folder"],
  },
  {
    name: "JSON that is neither format",
    files: { "settings.json": json({ theme: "dark" }) },
    target: "settings.json",
    expect: [`settings.json:1:1: is none of the files tinyloop reads`, "example:"],
  },
];
