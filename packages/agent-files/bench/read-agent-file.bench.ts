/**
 * Reading a 200-server mcp.json (JSONC, with comments and `${VAR}`s) with readAgentFile,
 * against the floor measured in the same run: `JSON.parse` of the same servers without
 * comments. Target: readAgentFile ≤ 20 ms (median). Also a 200-server VS Code file with
 * inputs and a 200-server Hermes YAML file. Prints medians over BENCH_RUNS runs (default 50)
 * of wall time and of this process's CPU time; the target is judged on CPU time, which other
 * processes on a shared machine barely disturb (wall time there can be many times longer).
 * Build first: pnpm turbo run build --filter=@tinyloop/agent-files...
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
  };
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
  ];
  console.log(
    `\n@tinyloop/agent-files — medians of ${RUNS} runs (target: mcp.json ≤ ${TARGET_MS} ms CPU)\n`,
  );
  console.log("| case | CPU ms | wall ms | CPU × floor |");
  console.log("|---|---:|---:|---:|");
  for (const [name, { cpu, wall }] of rows)
    console.log(
      `| ${name} | ${cpu.toFixed(2)} | ${wall.toFixed(2)} | ${(cpu / Math.max(floor.cpu, 0.001)).toFixed(0)} |`,
    );
  const jsonc = rows[1]?.[1].cpu ?? Number.POSITIVE_INFINITY;
  console.log(
    `\n${jsonc <= TARGET_MS ? "PASS" : "FAIL"}: ${SERVERS}-server mcp.json in ${jsonc.toFixed(2)} ms CPU (target ≤ ${TARGET_MS} ms)`,
  );
  if (jsonc > TARGET_MS) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
