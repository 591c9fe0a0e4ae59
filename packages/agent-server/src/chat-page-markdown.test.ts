import { isBrowserProcess, useBrowser } from "@tinyloop/test-fixtures/browser";
import { CHROMIUM, describeNeeding } from "@tinyloop/test-fixtures/outside-programs";
import { expect, it } from "vitest";
import { type ServeRig, startServeRig } from "./__fixtures__/serve-rig.js";

// The answers' markdown in a real browser (Debian's chromium), streamed by the scripted model
// in small pieces through the server: rendered as it grows, and nothing the model wrote runs.

let rig: ServeRig | undefined;
const chromiumTab = useBrowser(async () => {
  const left = await rig?.close({ keep: isBrowserProcess });
  rig = undefined;
  expect(left ?? []).toEqual([]);
});

/**
 * Installed before the page's scripts: records the tag of every element ever added under the
 * conversation, and how many times an answer's text was rendered, so a state that lasted only
 * between two pieces of the stream is seen too.
 */
const RECORD_ELEMENTS = `(() => {
  window.__seenTags = new Set();
  window.__renders = 0;
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.target instanceof Element && record.target.matches("[data-testid=answer-text]"))
        window.__renders += 1;
      if (!(record.target instanceof Element) || !record.target.closest("#messages")) continue;
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        for (const element of [node, ...node.querySelectorAll("*")])
          window.__seenTags.add(element.tagName.toLowerCase());
      }
    }
  }).observe(document, { childList: true, subtree: true });
})()`;

const ANSWER = [
  "# Release plan",
  "",
  "Steps, **in order**:",
  "",
  "- build the `dist` folder",
  "- run the tests",
  "",
  "```sh",
  "pnpm build && pnpm test # a < b",
  "```",
  "",
  "| step | minutes |",
  "| ---- | ------- |",
  "| build | 2 |",
  "| test | 5 |",
  "",
  "See [the docs](https://example.com/docs).",
  "",
].join("\n");

const IMG = `<img src="x" onerror="document.title='pwned'">`;
const SCRIPT = `<script>document.title='pwned'</script>`;
const HOSTILE = [
  `Inline ${IMG} here.`,
  "",
  SCRIPT,
  "",
  "[click me](javascript:document.title='pwned')",
  "",
  "![tracker](https://example.com/pixel.png)",
].join("\n");

describeNeeding(CHROMIUM)("the chat page's markdown", () => {
  it("renders a streamed answer's heading, list, code block, table and link; HTML, scripts and javascript: links stay inert", async () => {
    rig = await startServeRig([{ text: `${ANSWER}\n${HOSTILE}`, chunkSize: 4, delayMs: 1 }]);
    const current = await chromiumTab.open(`${rig.url}/#key=${rig.server.apiKey}`, {
      beforeLoad: RECORD_ELEMENTS,
    });
    await current.locator("body[data-ready=true]").waitFor();
    await current.getByTestId("prompt").fill("How do I release?");
    await current.getByTestId("prompt").press("Enter");
    await expect
      .poll(() => current.getByTestId("message-assistant").textContent(), { timeout: 20_000 })
      .toContain("image: tracker");
    await current.getByTestId("send").waitFor();
    const answer = current.getByTestId("answer-text");
    expect(await answer.count()).toBe(1);

    // The markdown became elements.
    expect(await answer.locator("h1").textContent()).toBe("Release plan");
    expect(await answer.locator("strong").first().textContent()).toBe("in order");
    expect(await answer.locator("ul > li").allTextContents()).toEqual([
      "build the dist folder",
      "run the tests",
    ]);
    expect(await answer.locator("li code").textContent()).toBe("dist");
    expect(await answer.locator("pre code").textContent()).toBe(
      "pnpm build && pnpm test # a < b\n",
    );
    expect(await answer.locator("th").allTextContents()).toEqual(["step", "minutes"]);
    expect(await answer.locator("td").allTextContents()).toEqual(["build", "2", "test", "5"]);
    const docs = answer.locator("a", { hasText: "the docs" });
    expect(await docs.getAttribute("href")).toBe("https://example.com/docs");
    expect(await docs.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await docs.getAttribute("target")).toBe("_blank");

    // The model's HTML is shown as the text it is; nothing of it became an element or ran.
    const text = (await answer.textContent()) ?? "";
    expect(text).toContain(`Inline ${IMG} here.`);
    expect(text).toContain(SCRIPT);
    const click = answer.locator("a", { hasText: "click me" });
    expect(await click.getAttribute("href")).toBeNull();
    // An image is a link to it, never loaded.
    const image = answer.locator("a", { hasText: "image: tracker" });
    expect(await image.getAttribute("href")).toBe("https://example.com/pixel.png");
    expect(await current.locator("#messages img, #messages script").count()).toBe(0);
    expect(await current.title()).toBe("tinyloop");

    // Rendered again as it grew, and at no point of the stream did anything else appear.
    const seen = (await current.evaluate(
      "({ tags: [...window.__seenTags].sort(), renders: window.__renders })",
    )) as { tags: string[]; renders: number };
    expect(seen.renders).toBeGreaterThan(20);
    const markdownTags = ["a", "br", "code", "h1", "li", "p", "pre", "strong", "table", "tbody"];
    const pageTags = ["details", "div", "li", "ol", "p", "span", "summary"];
    const allowed = new Set([...markdownTags, ...pageTags, "td", "th", "thead", "tr", "ul", "em"]);
    expect(seen.tags.filter((tag) => !allowed.has(tag))).toEqual([]);
    for (const tag of ["h1", "pre", "table", "a"]) expect(seen.tags).toContain(tag);
  });
});
