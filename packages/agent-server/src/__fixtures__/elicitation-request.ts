import type { ElicitRequestFormParams, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import type { ServeRig } from "./serve-rig.js";

/** A form (`elicitation/create`, form mode) as one of the agent's MCP servers ("forms") asks it. */
export const FORM: ElicitRequestFormParams = {
  message: "Who are you?",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", title: "Name", minLength: 1 },
      email: { type: "string", format: "email" },
      age: { type: "integer", minimum: 1, maximum: 130 },
      hero: {
        type: "string",
        oneOf: [
          { const: "hero-1", title: "Superman" },
          { const: "hero-2", title: "Wonder Woman" },
        ],
      },
    },
    required: ["name"],
  },
};

/** Asks {@link FORM} of the rig's agent server for server "forms", with its own signal. */
export function askForm(rig: ServeRig): Promise<ElicitResult | undefined> {
  return rig.server.askElicitation(FORM, {
    server: "forms",
    signal: new AbortController().signal,
  });
}
