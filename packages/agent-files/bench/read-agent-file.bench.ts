// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the generated files spell ${TOKEN} literally
/**
 * Reading a 200-server mcp.json (JSONC, with comments and `${VAR}`s) with readAgentFile,
 * against the floor measured in the same run: `JSON.parse` of the same servers without
 * comments. Targets: readAgentFile ≤ 20 ms (median) for it, for a 200-server Codex
 * `config.toml` and for a 200-server Goose `config.yaml`. Also a 200-server VS Code file with
 * inputs and a 200-server Hermes YAML file. Prints medians over BENCH_RUNS runs (default 50)
 * of wall time and of this process's CPU time; the target is judged on CPU time, which other
 * processes on a shared machine barely disturb (wall time there can be many times longer).
 * Build first: pnpm turbo run build --filter=@tinyloop/agent-files...
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// The built package (dist), as users get it.
import { readAgentFile } from "@tinyloop/agent-files";

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const SERVERS = 200;
const TARGET_MS = 20;

function mcpServersJsonc(): string {
  const entries = Array.from({ length: SERVERS }, (_, i) =>
    i % 2 === 0
      ? `    // server ${i}\n    "files-${i}": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/data/${i}"], "env": { "TOKEN": "\${TOKEN}", "MODE": "\${MODE:-prod}" }, "autoApprove": ["read_file"], "timeout": 60, },`
      : `    "remote-${i}": { "type": "http", "url": "https://mcp${i}.example.com/mcp", "headers": { "Authorization": "Bearer \${TOKEN}" } },`,
  );
  return `{\n  "mcpServers": {\n${entries.join("\n")}\n  },\n}\n`;
}

function vscodeJson(): string {
  const servers = Object.fromEntries(
    Array.from({ length: SERVERS }, (_, i) => [
      `s${i}`,
      {
        type: "http",
        url: `https://mcp${i}.example.com/mcp`,
        headers: { Authorization: `Bearer \${input:token}` },
      },
    ]),
  );
  return JSON.stringify({
    inputs: [{ type: "promptString", id: "token", description: "Token", password: true }],
    servers,
  });
}

function hermesYaml(): string {
  const lines = ["mcp_servers:"];
  for (let i = 0; i < SERVERS; i++)
    lines.push(
      `  s${i}:`,
      "    command: npx",
      `    args: ["-y", "@modelcontextprotocol/server-filesystem", "/data/${i}"]`,
      "    timeout: 120",
      "    tools:",
      "      include: [read_file, list_directory]",
    );
  return `${lines.join("\n")}\n`;
}

function codexToml(): string {
  const tables = ['model = "gpt-5-codex"', 'sandbox_mode = "workspace-write"', ""];
  for (let i = 0; i < SERVERS; i++)
    tables.push(
      i % 2 === 0
        ? `[mcp_servers.files-${i}]\ncommand = "npx"\nargs = ["-y", "@modelcontextprotocol/server-filesystem", "/data/${i}"]\nstartup_timeout_sec = 20\ntool_timeout_sec = 90\nenabled_tools = ["read_file", "list_directory"]\n\n[mcp_servers.files-${i}.env]\nTOKEN = "\${TOKEN}"\n`
        : `[mcp_servers.remote-${i}]\nurl = "https://mcp${i}.example.com/mcp"\nbearer_token_env_var = "TOKEN"\nhttp_headers = { "X-Client" = "codex" }\n`,
    );
  return `${tables.join("\n")}\n`;
}

function gooseYaml(): string {
  const lines = ["GOOSE_PROVIDER: openai", "GOOSE_MODEL: gpt-4o", "extensions:"];
  for (let i = 0; i < SERVERS; i++)
    lines.push(
      ...(i % 2 === 0
        ? [
            `  files-${i}:`,
            "    type: stdio",
            `    name: files-${i}`,
            "    cmd: npx",
            "    args:",
            "      - -y",
            '      - "@modelcontextprotocol/server-filesystem"',
            `      - /data/${i}`,
            "    envs:",
            "      MODE: prod",
            "    env_keys: [TOKEN]",
            "    enabled: true",
            "    timeout: 300",
          ]
        : [
            `  remote-${i}:`,
            "    type: streamable_http",
            `    name: remote-${i}`,
            `    uri: https://mcp${i}.example.com/mcp`,
            "    headers:",
            "      Authorization: Bearer ${TOKEN}",
            "    enabled: true",
            "    timeout: 300",
          ]),
    );
  return `${lines.join("\n")}\n`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

interface Sample {
  wall: number;
  cpu: number;
}

async function measure(run: () => unknown): Promise<Sample> {
  for (let i = 0; i < 5; i++) await run(); // warm up the JIT and the file cache
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const used = process.cpuUsage();
    await run();
    const { user, system } = process.cpuUsage(used);
    wall.push(performance.now() - start);
    cpu.push((user + system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

const dir = mkdtempSync(join(tmpdir(), "agent-files-bench-"));
try {
  const env = { TOKEN: "t", PATH: process.env.PATH ?? "" };
  const files = {
    jsonc: join(dir, "mcp.json"),
    plain: join(dir, "plain.json"),
    vscode: join(dir, "vscode.json"),
    yaml: join(dir, "config.yaml"),
    codex: join(dir, ".codex", "config.toml"),
    goose: join(dir, "goose", "config.yaml"),
  };
  mkdirSync(join(dir, ".codex"));
  mkdirSync(join(dir, "goose"));
  writeFileSync(files.codex, codexToml());
  writeFileSync(files.goose, gooseYaml());
  for (const file of [files.codex, files.goose]) {
    const read = await readAgentFile(file, { env });
    if (read.servers.length !== SERVERS)
      throw new Error(`${file}: read ${read.servers.length} servers`);
  }
  writeFileSync(files.jsonc, mcpServersJsonc());
  writeFileSync(files.vscode, vscodeJson());
  writeFileSync(files.yaml, hermesYaml());
  const agent = await readAgentFile(files.jsonc, { env });
  if (agent.servers.length !== SERVERS) throw new Error(`read ${agent.servers.length} servers`);
  writeFileSync(files.plain, JSON.stringify({ mcpServers: agent.servers.map((s) => s.config) }));

  const floor = await measure(() => JSON.parse(readFileSync(files.plain, "utf8")));
  const rows: Array<[string, Sample]> = [
    ["JSON.parse of the same servers (floor)", floor],
    [
      `readAgentFile: ${SERVERS}-server mcp.json (JSONC)`,
      await measure(() => readAgentFile(files.jsonc, { env })),
    ],
    [
      `readAgentFile: ${SERVERS}-server VS Code mcp.json + input`,
      await measure(() => readAgentFile(files.vscode, { env })),
    ],
    [
      `readAgentFile: ${SERVERS}-server Hermes YAML`,
      await measure(() => readAgentFile(files.yaml, { env })),
    ],
    [
      `readAgentFile: ${SERVERS}-server Codex config.toml`,
      await measure(() => readAgentFile(files.codex, { env })),
    ],
    [
      `readAgentFile: ${SERVERS}-server Goose config.yaml`,
      await measure(() => readAgentFile(files.goose, { env })),
    ],
  ];
  console.log(
    `\n@tinyloop/agent-files — medians of ${RUNS} runs (target: mcp.json, Codex TOML and Goose YAML each ≤ ${TARGET_MS} ms CPU)\n`,
  );
  console.log("| case | CPU ms | wall ms | CPU × floor |");
  console.log("|---|---:|---:|---:|");
  for (const [name, { cpu, wall }] of rows)
    console.log(
      `| ${name} | ${cpu.toFixed(2)} | ${wall.toFixed(2)} | ${(cpu / Math.max(floor.cpu, 0.001)).toFixed(0)} |`,
    );
  console.log("");
  for (const index of [1, 4, 5]) {
    const [name, sample] = rows[index] ?? ["?", { cpu: Number.POSITIVE_INFINITY, wall: 0 }];
    const pass = sample.cpu <= TARGET_MS;
    console.log(
      `${pass ? "PASS" : "FAIL"}: ${name.replace("readAgentFile: ", "")} in ${sample.cpu.toFixed(2)} ms CPU (target ≤ ${TARGET_MS} ms)`,
    );
    if (!pass) process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
