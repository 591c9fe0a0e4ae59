import { readFileSync } from "node:fs";
import { CHROMIUM, describeNeeding } from "@tinyloop/test-fixtures/outside-programs";
import { expect, it } from "vitest";
import { filesystemServer } from "../__fixtures__/cli-harness.js";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";
import { useServeChatPage } from "../__fixtures__/serve-chat-page.js";

// `tinyloop serve --approve-in-page` as a user runs it, with the real filesystem MCP server
// and the chat page in Debian's chromium: the question about a file write shows the diff
// against the file on disk, computed by the server, before anything is written.

const s = useE2eSession();
const chat = useServeChatPage();

const DEPLOY_SCRIPT = "#!/bin/sh\necho build\necho test\necho ship\n";
/** What the model writes over the deploy script: its test line becomes `rm -rf /`. */
const DANGEROUS = "#!/bin/sh\necho build\nrm -rf /\necho ship\n";

/**
 * A workspace with `deploy.sh` and the real filesystem server, a model that writes
 * {@link DANGEROUS} over it, `tinyloop serve --approve-in-page` (with `env`), and the chat
 * page in Chromium with the request sent; resolves the page and the script's path.
 */
async function askToRewriteDeployScript(env: Record<string, string> = {}) {
  const target = s.ws.path("deploy.sh");
  s.ws.write({
    "deploy.sh": DEPLOY_SCRIPT,
    "mcp.json": json({
      mcpServers: {
        fs: { command: process.execPath, args: [filesystemServer, s.ws.dir], env: s.ws.markerEnv },
      },
    }),
  });
  await s.withModel([
    { toolCalls: [{ name: "mcp_fs_write_file", arguments: { path: target, content: DANGEROUS } }] },
    { text: "Written." },
  ]);
  const serve = await chat.serve(
    s.ws.dir,
    ["mcp.json", "--approve-in-page", ...s.modelFlags()],
    env,
  );
  const current = await chat.ask(serve, "Update the deploy script");
  return { current, target };
}

describeNeeding(CHROMIUM)("tinyloop serve --approve-in-page in Chromium", () => {
  it("shows a write_file over an existing file as a diff against it, and writes only after Approve", async () => {
    // No NODE_PATH (pnpm sets one): the page's libraries must come with the CLI itself.
    const { current, target } = await askToRewriteDeployScript({ NODE_PATH: "" });
    const content = DANGEROUS;

    const box = current.getByTestId("approval");
    await box.waitFor();
    expect(await box.getByTestId("diff-line").allTextContents()).toEqual([
      `changes to ${target}\n`,
      "@@ -1,4 +1,4 @@\n",
      " #!/bin/sh\n",
      " echo build\n",
      "-echo test\n",
      "+rm -rf /\n",
      " echo ship\n",
    ]);
    const removed = box.locator(".diff-removed");
    expect(await removed.textContent()).toBe("-echo test\n");
    expect(await box.locator(".diff-added").textContent()).toBe("+rm -rf /\n");
    // Nothing was written while the question waits.
    expect(readFileSync(target, "utf8")).toContain("echo test");

    await box.getByTestId("approval-approve").click();
    await expect
      .poll(() => current.getByTestId("message-assistant").textContent(), { timeout: 20_000 })
      .toContain("Written.");
    expect(readFileSync(target, "utf8")).toBe(content);
  });

  it("Edit arguments: the diff follows the edit, and Approve writes what the edit says", async () => {
    const { current, target } = await askToRewriteDeployScript();
    const content = DANGEROUS;
    const box = current.getByTestId("approval");
    await box.waitFor();
    expect(await box.locator(".diff-added").textContent()).toBe("+rm -rf /\n");

    // The person replaces the dangerous line in the JSON; the server shows the new diff.
    await box.getByTestId("approval-edit").click();
    const text = box.getByTestId("approval-edit-text");
    const edited = JSON.parse(await text.inputValue()) as { path: string; content: string };
    expect(edited).toEqual({ path: target, content });
    await text.fill(
      JSON.stringify({ ...edited, content: content.replace("rm -rf /", "echo test --fast") }),
    );
    await box.getByTestId("approval-edit-apply").click();
    await expect
      .poll(() => box.locator(".diff-added").allTextContents(), { timeout: 15_000 })
      .toEqual(["+echo test --fast\n"]);
    expect(await box.locator(".diff-removed").allTextContents()).toEqual(["-echo test\n"]);
    // Nothing was written while the question waits.
    expect(readFileSync(target, "utf8")).toContain("echo test\n");

    await box.getByTestId("approval-approve").click();
    await expect
      .poll(() => current.getByTestId("message-assistant").textContent(), { timeout: 20_000 })
      .toContain("Written.");
    expect(readFileSync(target, "utf8")).toBe(
      "#!/bin/sh\necho build\necho test --fast\necho ship\n",
    );
  });
});
