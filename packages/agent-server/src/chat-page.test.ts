import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  isBrowserProcess,
  type Page,
  pageOverflow,
  useBrowser,
} from "@tinyloop/test-fixtures/browser";
import { CHROMIUM, describeNeeding } from "@tinyloop/test-fixtures/outside-programs";
import { expect, it } from "vitest";
import { type ServeRig, startServeRig } from "./__fixtures__/serve-rig.js";

let rig: ServeRig | undefined;
const chromiumTab = useBrowser(async () => {
  const left = await rig?.close({ keep: isBrowserProcess });
  rig = undefined;
  expect(left ?? []).toEqual([]);
});

const openPage = (url: string): Promise<Page> => chromiumTab.open(url);

/**
 * An `--approve-in-page` serve whose model asks to add 1 and 2, then answers `answerText`:
 * the page (at `viewport.width` when given) has sent "add 1 and 2" and shows the question's box.
 */
async function askToAdd(answerText: string, viewport?: { width: number }) {
  const current = await startServeRig(
    [
      { toolCalls: [{ id: "a1", name: "mcp_fx_add", arguments: { a: 1, b: 2 } }] },
      { text: answerText },
    ],
    { approval: { mode: "always", inPage: true } },
  );
  rig = current;
  const page = await openPage(`${current.url}/#key=${current.server.apiKey}`);
  if (viewport) await page.setViewportSize({ width: viewport.width, height: 844 });
  await page.locator("body[data-ready=true]").waitFor();
  await page.getByTestId("prompt").fill("add 1 and 2");
  await page.getByTestId("prompt").press("Enter");
  const answer = page.getByTestId("message-assistant").last();
  const box = answer.getByTestId("approval");
  await box.waitFor();
  return { current, page, answer, box };
}

/** After Stop: the server has nothing running, and the next message gets "After the stop.". */
async function expectUsableAfterStop(page: Page, current: ServeRig): Promise<void> {
  await expect.poll(() => current.server.inFlight, { timeout: 15_000 }).toBe(0);
  await page.getByTestId("prompt").fill("Still there?");
  await page.getByTestId("prompt").press("Enter");
  await expect
    .poll(() => page.getByTestId("message-assistant").last().textContent(), { timeout: 20_000 })
    .toContain("After the stop.");
}

describeNeeding(CHROMIUM)("the chat page", () => {
  it("counts an idle lazy server as connected, as /healthz and a session's status do", async () => {
    const manifests = await mkdtemp(join(tmpdir(), "tinyloop-page-manifests-"));
    try {
      rig = await startServeRig([], {}, { lazyManifestDir: manifests });
      const page = await openPage(`${rig.url}/#key=${rig.server.apiKey}`);
      await page.locator("body[data-ready=true]").waitFor();
      await expect
        .poll(() => page.getByTestId("health").textContent(), { timeout: 15_000 })
        .toBe("1/1 servers connected");
      expect(await page.getByTestId("health").getAttribute("class")).toBe("health ok");
      const server = page.getByTestId("server").first();
      expect(await server.textContent()).toContain("idle");
      expect(await server.getAttribute("class")).toBe("server idle usable");
    } finally {
      const left = await rig?.close({ keep: isBrowserProcess });
      rig = undefined;
      expect(left ?? []).toEqual([]);
      await rm(manifests, { recursive: true, force: true });
    }
  });

  it("streams an answer with its tool call (arguments, duration, collapsible result) and lists servers and tools", async () => {
    rig = await startServeRig([
      {
        text: "Let me ask the echo tool.",
        toolCalls: [{ id: "e1", name: "mcp_fx_echo", arguments: { text: "hello page" } }],
      },
      { text: "The echo tool said: hello page.", chunkSize: 3, delayMs: 5 },
    ]);
    const page = await openPage(`${rig.url}/#key=${rig.server.apiKey}`);
    await page.locator("body[data-ready=true]").waitFor();
    expect(new URL(page.url()).hash).toBe(""); // the key left the address bar
    await expect
      .poll(() => page.getByTestId("model-name").textContent(), { timeout: 15_000 })
      .toBe("test-agent");
    await expect
      .poll(() => page.getByTestId("server").first().textContent(), { timeout: 15_000 })
      .toContain("fx");
    expect(await page.getByTestId("server").first().textContent()).toContain("ready");
    expect(await page.getByTestId("tool").count()).toBeGreaterThan(5);
    expect(await page.getByTestId("tools").textContent()).toContain("mcp_fx_echo");

    await page.getByTestId("prompt").fill("Say hello through the echo tool");
    await page.getByTestId("prompt").press("Enter");
    await expect
      .poll(() => page.getByTestId("message-assistant").textContent(), { timeout: 20_000 })
      .toContain("The echo tool said: hello page.");
    await page.getByTestId("send").waitFor(); // back to Send once the stream ended
    const texts = await page.getByTestId("answer-text").allTextContents();
    expect(texts).toEqual(["Let me ask the echo tool.", "The echo tool said: hello page."]);
    const card = page.getByTestId("tool-call");
    expect(await card.count()).toBe(1);
    expect(await card.getByTestId("tool-name").textContent()).toBe("mcp_fx_echo");
    expect(await card.locator(".status").textContent()).toBe("ok");
    expect(await card.getByTestId("tool-duration").textContent()).toMatch(/^\d+ ms$|^\d+\.\d s$/);
    // Collapsed until clicked, then shows the arguments and the result.
    expect(await card.getByTestId("tool-result").isVisible()).toBe(false);
    await card.locator("summary").click();
    expect(await card.getByTestId("tool-args").textContent()).toBe('{\n  "text": "hello page"\n}');
    expect(await card.getByTestId("tool-result").textContent()).toBe("hello page");
    expect(await card.getByTestId("tool-result").isVisible()).toBe(true);
    if (process.env.TINYLOOP_SCREENSHOT)
      await page.screenshot({ path: process.env.TINYLOOP_SCREENSHOT });

    // The page sent the whole conversation, as an OpenAI client does.
    const sent = rig.modelServer.requests[0]?.body as { messages: Array<{ role: string }> };
    expect(sent.messages.at(-1)).toMatchObject({
      role: "user",
      content: "Say hello through the echo tool",
    });
  });

  it("fits a 390 px wide phone: no element wider than the viewport, long tool names wrap", async () => {
    const longWord = "x".repeat(120);
    rig = await startServeRig([
      {
        text: `A long word: ${longWord}`,
        toolCalls: [{ id: "e1", name: "mcp_fx_echo", arguments: { text: longWord } }],
      },
      { text: "Done." },
    ]);
    const page = await openPage(`${rig.url}/#key=${rig.server.apiKey}`);
    await page.locator("body[data-ready=true]").waitFor();
    await expect
      .poll(() => page.getByTestId("tools").textContent(), { timeout: 15_000 })
      .toContain("mcp_fx_long_");
    // In the 300 px sidebar (beside the chat on a wide screen) the long name wraps inside it.
    const longTool = page.getByTestId("tool").filter({ hasText: "mcp_fx_long_" }).first();
    const oneLine = await page
      .getByTestId("tool")
      .filter({ hasText: /^mcp_fx_echo/ })
      .first()
      .locator("code")
      .boundingBox();
    const toolBox = await longTool.locator("code").boundingBox();
    const panelBox = await page.getByTestId("panel").boundingBox();
    expect(toolBox?.height ?? 0).toBeGreaterThan((oneLine?.height ?? 100) * 1.5);
    expect((toolBox?.x ?? 0) + (toolBox?.width ?? 0)).toBeLessThanOrEqual(
      (panelBox?.x ?? 0) + (panelBox?.width ?? 0),
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("prompt").fill(`Echo ${longWord}`);
    await page.getByTestId("prompt").press("Enter");
    await expect
      .poll(() => page.getByTestId("message-assistant").textContent(), { timeout: 20_000 })
      .toContain("Done.");
    await page.getByTestId("tool-call").locator("summary").click();
    await page.getByTestId("timeline").locator("summary").click();
    // Every element, the sidebar's below the chat included, ends inside the 390 px.
    const overflow = await pageOverflow(page);
    if (process.env.TINYLOOP_SCREENSHOT)
      await page.screenshot({ path: process.env.TINYLOOP_SCREENSHOT, fullPage: true });
    expect(overflow.wide).toEqual([]);
    expect(overflow.scroll).toBe(overflow.width);
    expect(await page.getByTestId("send").isVisible()).toBe(true);
  });

  it("shows markup from the model and from a tool's result as text, never as elements", async () => {
    const markup = `<img src="x" onerror="document.title='pwned'"><b data-testid="injected">bold</b>`;
    rig = await startServeRig([
      {
        text: `Model: ${markup}`,
        toolCalls: [{ id: "m1", name: "mcp_fx_echo", arguments: { text: markup } }],
      },
      { text: "done" },
    ]);
    const page = await openPage(`${rig.url}/#key=${rig.server.apiKey}`);
    await page.locator("body[data-ready=true]").waitFor();
    await page.getByTestId("prompt").fill("echo some markup");
    await page.getByTestId("prompt").press("Enter");
    await expect
      .poll(() => page.getByTestId("message-assistant").textContent(), { timeout: 20_000 })
      .toContain("done");
    await page.getByTestId("send").waitFor();
    const card = page.getByTestId("tool-call");
    await card.locator("summary").click();
    expect(await page.getByTestId("answer-text").first().textContent()).toBe(`Model: ${markup}`);
    expect(await card.getByTestId("tool-result").textContent()).toBe(markup);
    // Nothing the model or the server wrote became an element or ran.
    expect(await page.locator("#messages img, #messages b").count()).toBe(0);
    expect(await page.getByTestId("injected").count()).toBe(0);
    expect(await page.title()).not.toBe("pwned");
  });

  it("--approve-in-page: a server's form shows its texts and choices as text, never as elements", async () => {
    const markup = `<img src="x" onerror="document.title='pwned'"><b data-testid="injected">bold</b>`;
    rig = await startServeRig([{ repeat: 2, turn: { text: "slow", hang: true } }], {
      approval: { mode: "ask", inPage: true },
    });
    const current = rig;
    const page = await openPage(`${current.url}/#key=${current.server.apiKey}`);
    await page.locator("body[data-ready=true]").waitFor();
    await page.getByTestId("prompt").fill("wait");
    await page.getByTestId("prompt").press("Enter");
    await expect.poll(() => current.modelServer.requests.length, { timeout: 15_000 }).toBe(1);
    const answered = current.server.askElicitation(
      {
        message: `Message ${markup}`,
        requestedSchema: {
          type: "object",
          properties: {
            pick: {
              type: "string",
              title: `Title ${markup}`,
              description: `Description ${markup}`,
              oneOf: [{ const: "a", title: `Choice ${markup}` }],
            },
          },
          required: ["pick"],
        },
      },
      { server: markup, signal: new AbortController().signal },
    );
    const box = page.getByTestId("elicitation");
    await box.waitFor();
    expect(await box.locator("h4").textContent()).toBe(`The MCP server ${markup} asks:`);
    expect(await box.getByTestId("elicitation-message").textContent()).toBe(`Message ${markup}`);
    expect(await box.textContent()).toContain(`Title ${markup}`);
    expect(await box.textContent()).toContain(`Description ${markup}`);
    expect(await box.locator("option").allTextContents()).toEqual([
      "— choose —",
      `Choice ${markup}`,
    ]);
    expect(await page.locator("#messages img, #messages b").count()).toBe(0);
    expect(await page.getByTestId("injected").count()).toBe(0);
    expect(await page.title()).not.toBe("pwned");
    await box.getByTestId("form-field-pick").selectOption("a");
    await box.getByTestId("form-accept").click();
    expect(await answered).toEqual({ action: "accept", content: { pick: "a" } });
  });

  it("shows each answer's run as a timeline, collapsed until clicked: parallel calls overlap, failures marked, names as text", async () => {
    const markup = `<b data-testid="injected">made_up</b>`;
    rig = await startServeRig([
      {
        toolCalls: [
          { id: "s1", name: "mcp_fx_sleep", arguments: { ms: 300 } },
          { id: "s2", name: "mcp_fx_sleep", arguments: { ms: 300 } },
          { id: "f1", name: "mcp_fx_fail", arguments: { message: "on purpose" } },
          { id: "u1", name: markup, arguments: {} },
        ],
        usage: { inputTokens: 1500, outputTokens: 42 },
      },
      { text: "All ran.", usage: { inputTokens: 1700, outputTokens: 7 } },
    ]);
    const page = await openPage(`${rig.url}/#key=${rig.server.apiKey}`);
    await page.locator("body[data-ready=true]").waitFor();
    await page.getByTestId("prompt").fill("Run them");
    await page.getByTestId("prompt").press("Enter");
    await expect
      .poll(() => page.getByTestId("message-assistant").textContent(), { timeout: 20_000 })
      .toContain("All ran.");
    await page.getByTestId("send").waitFor();
    const timeline = page.getByTestId("timeline");
    expect(await timeline.count()).toBe(1);
    // Collapsed: the summary tells the run in one line; the rows show only once opened.
    expect(await timeline.getByTestId("timeline-summary").textContent()).toMatch(
      /^\d+(\.\d)? m?s · 2 turns · 3\.2k in · 49 out · 2 failed$/,
    );
    const rows = timeline.getByTestId("timeline-row");
    expect(await rows.first().isVisible()).toBe(false);
    await timeline.locator("summary").click();
    expect(await rows.first().isVisible()).toBe(true);
    expect(await timeline.getByTestId("timeline-name").allTextContents()).toEqual([
      "turn 1",
      "mcp_fx_sleep",
      "mcp_fx_sleep",
      "mcp_fx_fail",
      markup,
      "turn 2",
    ]);
    expect(await rows.nth(0).locator(".tl-note").textContent()).toBe("1.5k in · 42 out");
    expect(await rows.nth(3).locator(".tl-note").textContent()).toBe("✗ failed");
    expect(await rows.nth(4).locator(".tl-note").textContent()).toBe("✗ unknown tool");
    expect(await rows.nth(3).getAttribute("class")).toContain("error");
    // The two sleeps ran at once: their bars overlap on the one axis; turn 2 comes after both.
    const box = async (row: number) => {
      const found = await rows.nth(row).getByTestId("timeline-bar").boundingBox();
      if (!found) throw new Error(`no bar in row ${row}`);
      return { from: found.x, to: found.x + found.width };
    };
    const [a, b, last] = [await box(1), await box(2), await box(5)];
    expect(Math.max(a.from, b.from)).toBeLessThan(Math.min(a.to, b.to));
    expect(last.from).toBeGreaterThanOrEqual(Math.max(a.to, b.to) - 1);
    // The tool name the model made up is text, not an element.
    expect(await page.getByTestId("injected").count()).toBe(0);
    if (process.env.TINYLOOP_SCREENSHOT)
      await page.screenshot({ path: process.env.TINYLOOP_SCREENSHOT });
    await timeline.locator("summary").click();
    expect(await rows.first().isVisible()).toBe(false);
  });

  it("shows the model's reasoning collapsed above each answer, opened by a click, as text", async () => {
    const markup = `<b data-testid="injected">bold</b>`;
    rig = await startServeRig(
      [
        {
          text: `<think>Echo is the tool ${markup} for this.</think><tool_call>\n{"name": "mcp_fx_echo", "arguments": {"text": "ping"}}\n</tool_call>`,
        },
        { text: "<think>It answered ping; say so.</think>The fixture said ping." },
        { text: "Again: ping." },
      ],
      {},
      { toolFormat: "hermes" },
    );
    const page = await openPage(`${rig.url}/#key=${rig.server.apiKey}`);
    await page.locator("body[data-ready=true]").waitFor();
    await page.getByTestId("prompt").fill("Say ping through echo");
    await page.getByTestId("prompt").press("Enter");
    await expect
      .poll(() => page.getByTestId("message-assistant").textContent(), { timeout: 20_000 })
      .toContain("The fixture said ping.");
    await page.getByTestId("send").waitFor();
    const blocks = page.getByTestId("reasoning");
    expect(await blocks.count()).toBe(2);
    const texts = page.getByTestId("reasoning-text");
    // Collapsed: the summary shows, the reasoning does not, until clicked.
    expect(await blocks.nth(1).locator("summary span").allTextContents()).toEqual([
      "Thinking",
      "25 chars",
    ]);
    expect(await texts.nth(1).isVisible()).toBe(false);
    await blocks.nth(1).locator("summary").click();
    expect(await texts.nth(1).isVisible()).toBe(true);
    expect(await texts.nth(1).textContent()).toBe("It answered ping; say so.");
    await blocks.nth(1).locator("summary").click();
    expect(await texts.nth(1).isVisible()).toBe(false);
    // Markup in reasoning stays text; the answer holds none of the reasoning.
    expect(await texts.nth(0).textContent()).toBe(`Echo is the tool ${markup} for this.`);
    expect(await page.getByTestId("injected").count()).toBe(0);
    expect(await page.getByTestId("answer-text").allTextContents()).toEqual([
      "The fixture said ping.",
    ]);
    // Each turn's reasoning sits above what it led to: the tool card, then the answer.
    const order = await page
      .getByTestId("message-assistant")
      .locator("[data-testid=reasoning], [data-testid=tool-call], [data-testid=answer-text]")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-testid")));
    expect(order).toEqual(["reasoning", "tool-call", "reasoning", "answer-text"]);
    // The conversation sent back holds the answer only, never the reasoning.
    await page.getByTestId("prompt").fill("Again");
    await page.getByTestId("prompt").press("Enter");
    await expect
      .poll(() => page.getByTestId("message-assistant").last().textContent(), { timeout: 20_000 })
      .toContain("Again: ping.");
    const third = JSON.stringify(rig.modelServer.requests[2]?.body);
    expect(third).toContain("The fixture said ping.");
    expect(third).not.toContain("say so");
  });

  it("stops a running tool call with the stop button, and the server cancels it", async () => {
    const current = await startServeRig([
      { toolCalls: [{ id: "h1", name: "mcp_fx_hang", arguments: {} }] },
      { text: "After the stop." },
    ]);
    rig = current;
    const before = await current.fixtureStats();
    const page = await openPage(`${current.url}/#key=${current.server.apiKey}`);
    await page.locator("body[data-ready=true]").waitFor();
    await page.getByTestId("prompt").fill("Hang for ever");
    await page.getByTestId("send").click();
    const card = page.getByTestId("tool-call");
    await expect
      .poll(() => card.locator(".status").textContent(), { timeout: 20_000 })
      .toBe("running");
    await page.getByTestId("stop").click();
    await expect
      .poll(() => card.locator(".status").textContent(), { timeout: 15_000 })
      .toBe("cancelled");
    expect(await page.getByTestId("notice").textContent()).toBe("Stopped.");
    await expect
      .poll(async () => (await current.fixtureStats()).cancelled, { timeout: 15_000 })
      .toBe(before.cancelled + 1);
    await expectUsableAfterStop(page, current);
  });

  it("asks for the key when the link had none, and refuses a wrong one", async () => {
    rig = await startServeRig([]);
    const page = await openPage(`${rig.url}/`);
    const dialog = page.getByTestId("key-dialog");
    await dialog.waitFor();
    await page.getByTestId("key-input").fill("tl-not-the-key");
    await page.getByTestId("key-input").press("Enter");
    await expect
      .poll(() => page.locator("#key-error").textContent(), { timeout: 15_000 })
      .toContain("refused");
    await page.getByTestId("key-input").fill(rig.server.apiKey);
    await page.getByTestId("key-input").press("Enter");
    await page.locator("body[data-ready=true]").waitFor();
    expect(await dialog.isVisible()).toBe(false);
  });

  it("--approve-in-page: asks before a tool runs, shows the whole call (a long value folded, opened on click), and runs it on approve, not on deny, always after always", async () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line${i + 1} harmless`);
    const content = [...lines, "rm -rf /"].join("\n");
    rig = await startServeRig(
      [
        { toolCalls: [{ id: "w1", name: "mcp_fx_echo", arguments: { text: content } }] },
        { text: "Echoed it." },
        { toolCalls: [{ id: "a1", name: "mcp_fx_add", arguments: { a: 1, b: 2 } }] },
        { text: "Not added." },
        { toolCalls: [{ id: "a2", name: "mcp_fx_add", arguments: { a: 2, b: 3 } }] },
        { text: "Added." },
        { toolCalls: [{ id: "a3", name: "mcp_fx_add", arguments: { a: 4, b: 5 } }] },
        { text: "Added again." },
      ],
      // Every tool asks (the fixture's echo is read-only), and asks in the page.
      { approval: { mode: "always", inPage: true } },
    );
    const current = rig;
    const page = await openPage(`${rig.url}/#key=${rig.server.apiKey}`);
    await page.locator("body[data-ready=true]").waitFor();
    const ask = async (text: string) => {
      await page.getByTestId("prompt").fill(text);
      await page.getByTestId("prompt").press("Enter");
    };
    const answer = () => page.getByTestId("message-assistant").last();

    // 1. The whole call is shown before anything runs; the 31-line value is folded.
    const before = await current.fixtureStats();
    await ask("write it");
    const box = answer().getByTestId("approval");
    await box.waitFor();
    expect(await box.locator("h4").textContent()).toBe(
      "Allow mcp_fx_echo to run with these arguments?",
    );
    const folded = box.getByTestId("folded-value");
    expect(await folded.locator("summary").textContent()).toBe(
      `line1 harmless… (31 lines, ${content.length} characters: show all)`,
    );
    expect(await box.getByTestId("full-value").isVisible()).toBe(false);
    await folded.locator("summary").click();
    expect(await box.getByTestId("full-value").isVisible()).toBe(true);
    expect(await box.getByTestId("full-value").textContent()).toBe(content);
    // Nothing ran while the question waits.
    expect((await current.fixtureStats()).calls).toBe(before.calls + 1); // the stats call itself
    await box.getByTestId("approval-approve").click();
    await expect.poll(() => answer().textContent(), { timeout: 20_000 }).toContain("Echoed it.");
    expect(await box.getByTestId("approval-answer").textContent()).toBe("Approved.");
    expect(await answer().locator(".status").first().textContent()).toBe("ok");
    await page.getByTestId("send").waitFor();

    // 2. Deny: the tool does not run and the model reads why.
    const beforeDeny = await current.fixtureStats();
    await ask("add 1 and 2");
    await answer().getByTestId("approval-deny").click();
    await expect.poll(() => answer().textContent(), { timeout: 20_000 }).toContain("Not added.");
    expect(await answer().locator(".status").first().textContent()).toBe("denied");
    expect((await current.fixtureStats()).calls).toBe(beforeDeny.calls + 1);
    const afterDeny = current.modelServer.requests[3]?.body as {
      messages: Array<{ role: string; content: unknown }>;
    };
    expect(JSON.stringify(afterDeny.messages.at(-1))).toContain(
      "the user denied mcp_fx_add in the chat page",
    );
    await page.getByTestId("send").waitFor();

    // 3. Always: this call runs, and the next call of the same tool is not asked about.
    await ask("add 2 and 3");
    await answer().getByTestId("approval-always").click();
    await expect.poll(() => answer().textContent(), { timeout: 20_000 }).toContain("Added.");
    expect(await answer().locator(".status").first().textContent()).toBe("ok");
    await page.getByTestId("send").waitFor();
    await ask("add 4 and 5");
    await expect.poll(() => answer().textContent(), { timeout: 20_000 }).toContain("Added again.");
    expect(await answer().getByTestId("approval").count()).toBe(0);
    expect(await answer().locator(".status").first().textContent()).toBe("ok");
  });
  it("--approve-in-page: Edit arguments checks the edit on the server, shows a bad one's reason, and runs a good one on approve (fitting 390 px)", async () => {
    const { current, answer, box, page } = await askToAdd("Added.", { width: 390 });
    const before = await current.fixtureStats();

    await box.getByTestId("approval-edit").click();
    const text = box.getByTestId("approval-edit-text");
    expect(await text.inputValue()).toBe('{\n  "a": 1,\n  "b": 2\n}');
    // While the edit is open, nothing can be approved half-edited.
    expect(await box.getByTestId("approval-approve").isDisabled()).toBe(true);
    expect(await box.getByTestId("approval-always").isDisabled()).toBe(true);
    // The open editor fits the phone too.
    const overflow = await pageOverflow(page);
    expect(overflow.wide).toEqual([]);

    // A bad edit: the server's reason is shown, the arguments shown stay the model's.
    await text.fill('{ "a": "forty" }');
    await box.getByTestId("approval-edit-apply").click();
    const problem = box.getByTestId("approval-edit-error");
    await expect
      .poll(() => problem.textContent(), { timeout: 15_000 })
      .toContain(
        "the edited arguments were not used: they do not match mcp_fx_add's input schema:",
      );
    expect(await problem.textContent()).toContain("- a: must be number, got string");
    expect(await box.getByTestId("approval-args").textContent()).toBe("a1b2");

    // Cancel closes the editor and gives the answers back; a good edit replaces what is shown.
    await box.getByTestId("approval-edit-cancel").click();
    expect(await box.getByTestId("approval-edit-text").count()).toBe(0);
    expect(await box.getByTestId("approval-approve").isDisabled()).toBe(false);
    await box.getByTestId("approval-edit").click();
    await box.getByTestId("approval-edit-text").fill('{ "a": 40, "b": 2 }');
    await box.getByTestId("approval-edit-apply").click();
    await expect
      .poll(() => box.locator("h4").first().textContent(), { timeout: 15_000 })
      .toBe("Allow mcp_fx_add to run with your edited arguments?");
    expect(await box.getByTestId("approval-args").textContent()).toBe("a40b2");
    // Nothing ran yet: an edit is not an approval.
    expect((await current.fixtureStats()).calls).toBe(before.calls + 1); // the stats call itself

    await box.getByTestId("approval-approve").click();
    await expect.poll(() => answer.textContent(), { timeout: 20_000 }).toContain("Added.");
    const card = answer.getByTestId("tool-call");
    await card.locator("summary").click();
    expect(await card.getByTestId("tool-args").textContent()).toBe('{\n  "a": 40,\n  "b": 2\n}');
    expect(await card.getByTestId("tool-result").textContent()).toContain("42");
    expect(await card.locator("h4").first().textContent()).toBe(
      "Arguments (edited before approval)",
    );
  });

  it("--approve-in-page: a question still open when the run is stopped can no longer be answered, and says so", async () => {
    const { current, box, page } = await askToAdd("After the stop.");
    await box.getByTestId("approval-edit").click(); // an open editor closes too
    await page.getByTestId("stop").click();
    await expect
      .poll(() => box.getByTestId("approval-answer").textContent(), { timeout: 15_000 })
      .toBe("The run ended before this was answered.");
    for (const id of ["approval-approve", "approval-deny", "approval-always", "approval-edit"])
      expect(await box.getByTestId(id).isDisabled()).toBe(true);
    expect(await box.getByTestId("approval-edit-apply").isDisabled()).toBe(true);
    expect(await box.getByTestId("approval-edit-text").isDisabled()).toBe(true);
    await expectUsableAfterStop(page, current);
  });
});
