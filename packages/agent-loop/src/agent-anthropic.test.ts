import { defineAgentSuite } from "./__fixtures__/agent-suite.js";
import { makeAnthropicRig } from "./__fixtures__/anthropic-rig.js";

// The same behaviour through a provider with stricter history rules (tool results must
// follow their tool_use at once): what the loop leaves in history must suit it too.
defineAgentSuite("the Anthropic adapter and the scripted model server", makeAnthropicRig);
