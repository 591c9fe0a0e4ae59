import { describe, expect, it } from "vitest";
import { lineQuestions } from "./line-questions.js";

function setup() {
  const shown: string[] = [];
  let aborts = 0;
  const questions = lineQuestions({
    show: (question, dropped) => shown.push(`${question}(${dropped} dropped)`),
    onAbort: () => aborts++,
  });
  return { questions, shown, aborts: () => aborts };
}
const signal = new AbortController().signal;

describe("lineQuestions", () => {
  it("drops lines that come before a question, says how many, and takes the first line after it", async () => {
    const { questions, shown } = setup();
    questions.line("y");
    questions.line("yes");
    const answer = questions.ask("allow x? ", signal);
    expect(shown).toEqual(["allow x? (2 dropped)"]);
    questions.line("n");
    questions.line("extra");
    expect(await answer).toBe("n");
    // The count starts again after each question.
    const next = questions.ask("allow y? ", signal);
    questions.line("a");
    expect(await next).toBe("a");
    expect(shown).toEqual(["allow x? (2 dropped)", "allow y? (1 dropped)"]);
  });

  it("answers nothing when a question is aborted, and the next line answers the next question", async () => {
    const { questions, aborts } = setup();
    const controller = new AbortController();
    const aborted = questions.ask("allow x? ", controller.signal);
    controller.abort();
    expect(await aborted).toBeUndefined();
    expect(aborts()).toBe(1);
    const next = questions.ask("allow y? ", signal);
    questions.line("y");
    expect(await next).toBe("y");
    // A signal aborted before asking shows nothing.
    expect(await questions.ask("allow z? ", controller.signal)).toBeUndefined();
    expect(aborts()).toBe(1);
  });

  it("answers nothing once the input has ended, the shown question included", async () => {
    const { questions, shown } = setup();
    const pending = questions.ask("allow x? ", signal);
    questions.end();
    expect(await pending).toBeUndefined();
    expect(await questions.ask("allow y? ", signal)).toBeUndefined();
    expect(shown).toEqual(["allow x? (0 dropped)"]);
  });
});
