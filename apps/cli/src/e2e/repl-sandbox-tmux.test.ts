import {
  BUBBLEWRAP,
  describeNeeding,
  SANDBOX_NODE,
  TMUX,
} from "@tinyloop/test-fixtures/outside-programs";
import { expect, it } from "vitest";
import { useTmuxRepl } from "../__fixtures__/tmux-repl.js";

// The REPL's /servers says which server is sandboxed and shows its policy (the confinement
// itself: mcp-transport's sandbox tests and e2e/sandbox.test.ts).

const repl = useTmuxRepl("sandbox", { columns: 200, rows: 30 });
const { keys, waitFor } = repl.pane;
const newNode =
  Number(process.versions.node.split(".")[0]) * 100 + Number(process.versions.node.split(".")[1]) >=
  2212;
const sandboxNode: Record<string, string> = newNode
  ? { TINYLOOP_SANDBOX_NODE: process.execPath }
  : {};

describeNeeding(TMUX)("/servers of a sandboxed server", () => {
  describeNeeding(BUBBLEWRAP)("with bubblewrap", () => {
    describeNeeding(SANDBOX_NODE, { ...process.env, ...sandboxNode })("on Linux", () => {
      it("tags the sandboxed server and shows its policy under it; the unconfined one has neither", async () => {
        const model = await repl.withModel([{ text: "x" }]);
        repl.ws.write({
          ".mcp.json": JSON.stringify({
            mcpServers: {
              boxed: { ...repl.ws.fixture(), sandbox: { allowHosts: ["example.org"] } },
              open: repl.ws.fixture(),
            },
          }),
        });
        repl.startCli(
          ["run", ".mcp.json", "--endpoint-url", model.baseURL, "--model", "scripted"],
          { env: sandboxNode },
        );
        await waitFor((s) => s.includes("connected 2/2 servers") && /^›/m.test(s), "the prompt");
        keys("/servers", "Enter");
        const shown = await waitFor((s) => /^open {2}ready/m.test(s), "/servers");
        expect(shown).toMatch(/^boxed {2}ready {2}\d+ tools {2}sandboxed$/m);
        expect(shown).toMatch(
          /^ {2}sandbox: writes \S+, a private temp folder · reaches example\.org · reads all but \d+ places \(~\/\.ssh, /m,
        );
        expect(shown).toMatch(/^open {2}ready {2}\d+ tools$/m);
        keys("/exit", "Enter");
      });
    });
  });
});
