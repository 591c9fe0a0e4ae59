import { ASK_QUESTION, TASK_COMPLETE } from "./exit-tools.js";

const reminders = [
  "You are an agent working on the user's request. Keep going until it is fully resolved; do not stop halfway to report progress.",
  "Use your tools to find out what you need. Do not guess or make up file contents, facts or results.",
  "Before each tool call, think about what you need and why; after it, check what the result tells you.",
];

const exitToolLines = [
  `When the task is done, call ${TASK_COMPLETE} with a short summary of what you did.`,
  `If you cannot go on without information only the user has, call ${ASK_QUESTION} with your question.`,
];

/**
 * The system prompt an agent sends when it is given none: short agentic reminders (keep
 * going until done, use the tools instead of guessing, plan each call). With `exitTools`
 * it also says when to call `task_complete` and `ask_question`; without, it names neither.
 * An explicit `systemPrompt: ""` sends no system prompt at all.
 */
export function defaultSystemPrompt({ exitTools }: { exitTools: boolean }): string {
  const closing = exitTools
    ? exitToolLines
    : ["When the task is done, answer with a short summary of what you did."];
  return [...reminders, ...closing].join("\n");
}
