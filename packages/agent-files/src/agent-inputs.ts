import { lazySchema } from "@tinyloop/errors";
import * as z from "zod/mini";
import type { AgentFileInput } from "./agent-file.js";
import type { ConfigPath } from "./config-path.js";
import { type KeyWarning, keyWarnings } from "./key-warnings.js";

/** One `inputs` entry (VS Code and tiny-agents: `{ type: "promptString", id, description, password }`). */
export const inputSchema = lazySchema(() =>
  z.looseObject({
    id: z.string().check(z.regex(/^[A-Za-z0-9_.-]+$/, "expected an id of letters, digits, _ . -")),
    type: z.optional(z.string()),
    description: z.optional(z.string()),
    password: z.optional(z.boolean()),
    default: z.optional(z.string()),
    options: z.optional(z.array(z.unknown())),
  }),
);

const INPUT_KEYS = {
  id: null,
  type: null,
  description: null,
  password: null,
  default: null,
  options: null,
} as const;

/** Normalises parsed `inputs` entries; warns about unknown keys. */
export function toAgentInputs(
  inputs: Array<z.infer<ReturnType<typeof inputSchema>>> | undefined,
  path: ConfigPath,
  warn: (warning: KeyWarning) => void,
): AgentFileInput[] {
  return (inputs ?? []).map((input, index) => {
    for (const w of keyWarnings(input, INPUT_KEYS, [...path, index])) warn(w);
    const description = input.description ?? "";
    return {
      id: input.id,
      description,
      password: input.password === true,
      optional: /\boptional\b/i.test(description) || input.default !== undefined,
      ...(input.default !== undefined ? { default: input.default } : {}),
    };
  });
}
