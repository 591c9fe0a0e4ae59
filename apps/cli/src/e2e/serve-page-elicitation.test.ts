import { createRequire } from "node:module";
import { type Page, pageOverflow } from "@tinyloop/test-fixtures/browser";
import { CHROMIUM, describeNeeding } from "@tinyloop/test-fixtures/outside-programs";
import { expect, it } from "vitest";
import { json, useE2eSession } from "../__fixtures__/e2e-session.js";
import { useServeChatPage } from "../__fixtures__/serve-chat-page.js";

// `tinyloop serve --approve-in-page` asks its MCP servers' forms in the chat page: the built
// CLI, the real `everything` MCP server (its trigger-elicitation-request tool asks a form of
// every field kind), the scripted model server, and the page in Debian's chromium.

const everythingPath = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/server-everything/dist/index.js",
);

const s = useE2eSession();
const chat = useServeChatPage();

/** The model's turns: call the form tool, then answer. */
const formScript = [
  { toolCalls: [{ name: "mcp_everything_trigger-elicitation-request", arguments: {} }] },
  { text: "Thanks for the form." },
];

/** Serves the everything server with --approve-in-page, opens the page and asks; the page. */
async function askInPage(): Promise<Page> {
  s.ws.write({
    "mcp.json": json({
      mcpServers: { everything: { command: process.execPath, args: [everythingPath, "stdio"] } },
    }),
  });
  const serve = await chat.serve(s.ws.dir, [
    "mcp.json",
    "--end-when",
    "text",
    "--approve-in-page",
    "--allow-tool",
    "mcp_everything_*",
    ...s.modelFlags(),
  ]);
  const page = await chat.ask(serve, "fill in the form");
  await page.setViewportSize({ width: 390, height: 844 });
  return page;
}

/** What the tool answered the model (the second model request's last message). */
const toolAnswer = (body: unknown) =>
  String((body as { messages: Array<{ content: unknown }> }).messages.at(-1)?.content);

describeNeeding(CHROMIUM)(
  "tinyloop serve --approve-in-page: a server's form asked in Chromium",
  () => {
    it("shows every field kind with its defaults (fitting 390 px), names a bad answer's problems, and sends a good one", async () => {
      const model = await s.withModel(formScript);
      const page = await askInPage();
      const box = page.getByTestId("elicitation");
      await box.waitFor({ timeout: 30_000 });
      expect(await box.locator("h4").textContent()).toBe("The MCP server everything asks:");
      expect(await box.getByTestId("elicitation-message").textContent()).toBe(
        "Please provide inputs for the following fields:",
      );
      const field = (name: string) => box.getByTestId(`form-field-${name}`);
      // Formats as their inputs, ranges, defaults, titled choices by their titles.
      expect(await field("email").getAttribute("type")).toBe("email");
      expect(await field("homepage").getAttribute("type")).toBe("url");
      expect(await field("birthdate").getAttribute("type")).toBe("date");
      expect(await field("integer").inputValue()).toBe("42");
      expect(await field("integer").getAttribute("min")).toBe("1");
      expect(await field("integer").getAttribute("max")).toBe("100");
      expect(await field("firstLine").inputValue()).toBe("It was a dark and stormy night.");
      expect(await field("untitledSingleSelectEnum").inputValue()).toBe("Monica");
      expect(await field("titledSingleSelectEnum").locator("option:checked").textContent()).toBe(
        "Superman",
      );
      expect(await field("legacyTitledEnum").locator("option:checked").textContent()).toBe("Cats");
      expect(
        await box.getByTestId("form-choice-untitledMultipleSelectEnum-Guitar").isChecked(),
      ).toBe(true);
      expect(await box.getByTestId("form-choice-titledMultipleSelectEnum-fish-1").isChecked()).toBe(
        true,
      );
      expect(await box.getByText("Tuna").count()).toBe(1);
      expect(await box.getByText("(required)").count()).toBe(1);
      expect(await field("check").isChecked()).toBe(false);
      // The open form fits the phone.
      const overflow = await pageOverflow(page);
      expect(overflow.wide).toEqual([]);
      expect(overflow.scroll).toBe(overflow.width);

      // The required name left empty: the server's reason, and the form still waits.
      await box.getByTestId("form-accept").click();
      const problem = box.getByTestId("form-error");
      await expect
        .poll(() => problem.textContent(), { timeout: 15_000 })
        .toContain("- name: is required but missing");
      expect(model.requests).toHaveLength(1);

      await field("name").fill("Ada Lovelace");
      await field("email").fill("ada@example.com");
      await field("birthdate").fill("1815-12-10");
      await field("integer").fill("7");
      await field("check").check();
      await box.getByTestId("form-accept").click();
      await expect
        .poll(() => page.getByTestId("message-assistant").textContent(), { timeout: 30_000 })
        .toContain("Thanks for the form.");
      expect(await box.getByTestId("approval-answer").textContent()).toBe("Sent.");
      expect(await problem.isHidden()).toBe(true);
      const told = toolAnswer(model.requests[1]?.body);
      expect(told).toContain("User provided the requested information!");
      for (const line of [
        "- Name: Ada Lovelace",
        "- Agreed to terms: true",
        "- Email: ada@example.com",
        "- Birthdate: 1815-12-10",
        "- Favorite Integer: 7",
        "- Favorite Number: 3.14",
      ])
        expect(told).toContain(line);
    });

    for (const [decision, told, shown] of [
      [
        "decline",
        "User declined to provide the requested information.",
        "Declined: the server was told you would rather not answer.",
      ],
      ["cancel", "User cancelled the elicitation dialog.", "Cancelled."],
    ] as const) {
      it(`the form's ${decision} button answers the server ${decision}`, async () => {
        const model = await s.withModel(formScript);
        const page = await askInPage();
        const box = page.getByTestId("elicitation");
        await box.getByTestId(`form-${decision}`).click({ timeout: 30_000 });
        await expect
          .poll(() => page.getByTestId("message-assistant").textContent(), { timeout: 30_000 })
          .toContain("Thanks for the form.");
        expect(await box.getByTestId("approval-answer").textContent()).toBe(shown);
        expect(toolAnswer(model.requests[1]?.body)).toContain(told);
      });
    }
  },
);
