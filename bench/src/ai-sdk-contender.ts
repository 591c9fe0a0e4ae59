import { planClientContender } from "./plan-client-contender.js";
import { tinyloopContender } from "./tinyloop-contender.js";

/**
 * The Vercel AI SDK 6 (`ai` + `@ai-sdk/mcp` + `@ai-sdk/openai-compatible`): `streamText`
 * with `stopWhen: stepCountIs(…)` over the tools of one MCP client per server (see
 * ai-sdk-client.ts), named like tinyloop's, so it plays tinyloop's script.
 */
export const aiSdkContender = planClientContender({
  id: "ai-sdk",
  label: "Vercel AI SDK 6",
  client: "ai-sdk-client.js",
  script: (scenario) => tinyloopContender.script(scenario) ?? [],
});
