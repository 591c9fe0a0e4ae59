import { chmodSync, readFileSync } from "node:fs";
import { describeNeeding, TMUX } from "@tinyloop/test-fixtures/outside-programs";
import { expect, it } from "vitest";
import { DURATION, filesystemServer } from "../__fixtures__/cli-harness.js";
import { useTmuxRepl } from "../__fixtures__/tmux-repl.js";

const repl = useTmuxRepl("approval", { columns: 120, rows: 50, scrollback: true });
const { keys, waitFor } = repl.pane;

/** `tinyloop ARGS` with no editor set, after `env`. */
function start(args: string[], env: Record<string, string> = {}): void {
  repl.startCli(args, { env, unset: ["VISUAL", "EDITOR"] });
}

/** 30 harmless lines, then the one that matters. */
const script = Array.from({ length: 30 }, (_, i) => `line${i + 1} harmless`)
  .concat("rm -rf /")
  .join("\n");

function agentWithFilesystem(): void {
  repl.ws.write({
    ".mcp.json": JSON.stringify({
      mcpServers: {
        fs: {
          command: process.execPath,
          args: [filesystemServer, repl.ws.dir],
          env: repl.ws.markerEnv,
        },
      },
    }),
  });
}

describeNeeding(TMUX)("approving a file write in the REPL", () => {
  it("shows the whole 31-line write as a diff, its last line too, and runs the arguments edited in $EDITOR", async () => {
    const target = repl.ws.path("plan.sh");
    const model = await repl.withModel([
      {
        toolCalls: [{ name: "mcp_fs_write_file", arguments: { path: target, content: script } }],
      },
      { text: "Written." },
    ]);
    agentWithFilesystem();
    // The "editor": replaces the harmful line in the file it is given, as a person would.
    repl.ws.write({ "edit.sh": `#!/bin/sh\nsed -i 's#rm -rf /#echo safe#' "$1"\n` });
    chmodSync(repl.ws.path("edit.sh"), 0o755);
    start(["run", ".mcp.json", "--endpoint-url", model.baseURL, "--model", "scripted"], {
      EDITOR: repl.ws.path("edit.sh"),
    });
    await waitFor((s) => /^›/m.test(s), "the prompt");
    keys("write the plan", "Enter");
    const asked = await waitFor(
      (s) =>
        s.includes(
          "allow mcp_fs_write_file (shown above)? [y]es / [n]o / [a]lways / [v]iew / [e]dit:",
        ),
      "the approval question",
    );
    // The whole call before the question: the path, a new-file diff, and its last line.
    expect(asked).toContain("mcp_fs_write_file wants to run with:");
    expect(asked).toContain(`  path: "${target}"`);
    expect(asked).toContain(`new file ${target} (31 lines)`);
    expect(asked).toContain("@@ -0,0 +1,31 @@");
    expect(asked).toMatch(/^\+line1 harmless$/m);
    expect(asked).toMatch(/^\+rm -rf \/$/m);
    expect(asked).not.toContain("folded");

    keys("e", "Enter");
    const edited = await waitFor(
      (s) => s.includes("allow mcp_fs_write_file with your edited arguments (shown above)?"),
      "the edited call, shown again",
    );
    expect(edited).toMatch(/^\+echo safe$/m);
    keys("y", "Enter");
    await waitFor((s) => s.includes("Written."), "the answer after the tool");
    expect(readFileSync(target, "utf8")).toBe(script.replace("rm -rf /", "echo safe"));
    // The model is told its arguments were changed.
    const second = JSON.stringify(model.requests[1]?.body);
    expect(second).toContain("The person approving this call changed its arguments");
    keys("/exit", "Enter");
    expect(await waitFor((s) => s.includes("EXIT="), "the exit")).toContain("EXIT=0");
  });

  it("folds a long value to its head and tail, shows all of it on v, and diffs an edit_file against the file", async () => {
    const long = Array.from({ length: 60 }, (_, i) => `row ${i + 1}`).join("\n");
    repl.ws.write({ "config.txt": "mode=safe\nlevel=1\n" });
    const target = repl.ws.path("config.txt");
    const model = await repl.withModel([
      {
        toolCalls: [
          {
            name: "mcp_fs_edit_file",
            arguments: {
              path: target,
              edits: [{ oldText: "mode=safe", newText: "mode=danger" }],
            },
          },
        ],
      },
      {
        toolCalls: [
          {
            name: "mcp_fs_write_file",
            arguments: { path: repl.ws.path("rows.txt"), content: long },
          },
        ],
      },
      { text: "Done." },
    ]);
    agentWithFilesystem();
    start(["run", ".mcp.json", "--endpoint-url", model.baseURL, "--model", "scripted"]);
    await waitFor((s) => /^›/m.test(s), "the prompt");
    keys("change it", "Enter");
    const asked = await waitFor(
      (s) => s.includes("allow mcp_fs_edit_file (shown above)?"),
      "the edit's question",
    );
    expect(asked).toContain(`changes to ${target}`);
    expect(asked).toMatch(/^-mode=safe\n\+mode=danger\n level=1$/m);
    keys("y", "Enter");
    const folded = await waitFor(
      (s) => s.includes("allow mcp_fs_write_file (shown above)?"),
      "the write's question",
    );
    expect(folded).toMatch(new RegExp(`✓ mcp_fs_edit_file ${DURATION}`));
    expect(folded).toContain("… 33 lines folded (answer v to see them all) …");
    expect(folded).toMatch(/^\+row 60$/m);
    expect(folded).not.toMatch(/^\+row 30$/m);
    keys("v", "Enter");
    const whole = await waitFor(
      (s) => s.match(/allow mcp_fs_write_file \(shown above\)\?/g)?.length === 2,
      "the question after the view",
    );
    expect(whole).toMatch(/^\+row 30$/m);
    keys("n", "Enter");
    await waitFor((s) => s.includes("Done."), "the answer");
    expect(readFileSync(target, "utf8")).toBe("mode=danger\nlevel=1\n");
    keys("/exit", "Enter");
    expect(await waitFor((s) => s.includes("EXIT="), "the exit")).toContain("EXIT=0");
  });

  it("without $EDITOR edits inline: a bad edit says why and asks again, a good one is shown before it runs", async () => {
    const target = repl.ws.path("note.txt");
    const model = await repl.withModel([
      {
        toolCalls: [
          { name: "mcp_fs_write_file", arguments: { path: target, content: "rm -rf /" } },
        ],
      },
      { text: "Written." },
    ]);
    agentWithFilesystem();
    start(["run", ".mcp.json", "--endpoint-url", model.baseURL, "--model", "scripted"]);
    await waitFor((s) => /^›/m.test(s), "the prompt");
    keys("note it", "Enter");
    await waitFor((s) => s.includes("allow mcp_fs_write_file (shown above)?"), "the question");
    keys("e", "Enter");
    const inline = await waitFor(
      (s) => s.includes("new arguments as JSON on one line (empty keeps them):"),
      "the inline edit",
    );
    expect(inline).toContain(JSON.stringify({ path: target, content: "rm -rf /" }));
    keys(`{"path": 1}`, "Enter");
    const refused = await waitFor(
      (s) => s.includes("allow mcp_fs_write_file as shown before?"),
      "the question after a bad edit",
    );
    expect(refused).toContain(
      "the edited arguments were not used: they do not match mcp_fs_write_file's input schema:",
    );
    expect(refused).toContain("- path: must be string, got integer");
    keys("e", "Enter");
    await waitFor(
      (s) => s.split("new arguments as JSON on one line").length === 3,
      "the second edit",
    );
    keys(JSON.stringify({ path: target, content: "echo safe" }), "Enter");
    const shown = await waitFor(
      (s) => s.includes("allow mcp_fs_write_file with your edited arguments (shown above)?"),
      "the edited call",
    );
    expect(shown).toMatch(/^\+echo safe$/m);
    keys("y", "Enter");
    await waitFor((s) => s.includes("Written."), "the answer");
    expect(readFileSync(target, "utf8")).toBe("echo safe");
    keys("/exit", "Enter");
    expect(await waitFor((s) => s.includes("EXIT="), "the exit")).toContain("EXIT=0");
  });
});
