import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { skipWithout } from "@tinyloop/test-fixtures";
import { type Browser, chromium, type Page } from "playwright-core";

// The chat page in a real browser: Debian's chromium, driven by playwright-core. Without
// chromium the tests are skipped and say why, except in CI, where they fail (.ci/run
// installs it).
function findChromium(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    ...(process.env.PATH ?? "")
      .split(delimiter)
      .flatMap((dir) => [join(dir, "chromium"), join(dir, "chromium-browser")]),
    "/usr/bin/chromium",
  ];
  return candidates.find((path): path is string => Boolean(path) && existsSync(path as string));
}

const executablePath = findChromium();

/** Truthy (the reason) when there is no chromium to run the page's tests in. */
export const noBrowser = skipWithout(
  "chromium",
  Boolean(executablePath),
  "apt-get install -y chromium, or set CHROMIUM_PATH",
);

/** Starts chromium headless, or resolves undefined when there is none. */
export async function launchBrowser(): Promise<Browser | undefined> {
  if (!executablePath) return undefined;
  // The flags Chromium needs here: root without a sandbox, no GPU, and none of its
  // background connections (this machine's closed network refuses them). Playwright gives
  // it a fresh empty profile of its own.
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A new 1200 × 800 tab of `browser` at `url`; `beforeLoad` runs in the page before its scripts. */
export async function openPage(
  browser: Browser | undefined,
  url: string,
  { beforeLoad }: { beforeLoad?: string } = {},
): Promise<Page> {
  const context = browser?.contexts()[0] ?? (await browser?.newContext());
  if (!context) throw new Error("no browser");
  const page = await context.newPage();
  if (beforeLoad) await page.addInitScript(beforeLoad);
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto(url);
  return page;
}

/** True for the browser's processes, which a rig's `close` must not count as left behind. */
export const isBrowserProcess = (command: string): boolean => command.includes("chromium");
