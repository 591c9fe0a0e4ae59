import { type Browser, launchBrowser, openPage, type Page } from "@tinyloop/test-fixtures/browser";
import type { ResultPromise } from "execa";
import { afterEach } from "vitest";
import { type ServeProcess, startServeIn } from "./serve-process.js";

/** A test file's `tinyloop serve` processes and the chat page in Chromium: see {@link useServeChatPage}. */
export interface ServeChatPage {
  /** Starts `tinyloop serve ARGS` in `cwd` (see `startServeIn`); it is stopped after the test. */
  serve(
    cwd: string,
    args: string[],
    env?: Record<string, string>,
  ): Promise<ServeProcess & { key: string }>;
  /**
   * Opens the chat page of `serve` in a new Chromium (closed after the test), waits until it is
   * ready and sends `prompt`; resolves the page.
   */
  ask(serve: { url: string; key: string }, prompt: string): Promise<Page>;
}

/**
 * Registers the clean-up of a test file that serves and opens the chat page: after each test
 * the page and the browser close, then every server it started stops. Call it after
 * `useE2eSession()`, so that this runs before the session's check for processes left behind.
 */
export function useServeChatPage(): ServeChatPage {
  const running: ResultPromise[] = [];
  let browser: Browser | undefined;
  let page: Page | undefined;
  afterEach(async () => {
    await page?.close();
    page = undefined;
    await browser?.close();
    browser = undefined;
    for (const child of running.splice(0)) {
      if (child.exitCode === null) child.kill("SIGTERM");
      await child;
    }
  });
  return {
    serve: (cwd, args, env = {}) => startServeIn(cwd, running, args, env),
    async ask(serve, prompt) {
      browser = await launchBrowser();
      page = await openPage(browser, `${serve.url}/#key=${serve.key}`);
      await page.locator("body[data-ready=true]").waitFor();
      await page.getByTestId("prompt").fill(prompt);
      await page.getByTestId("prompt").press("Enter");
      return page;
    },
  };
}
