import { defineAgentSuite } from "./__fixtures__/agent-suite.js";
import { makeOpenAIRig } from "./__fixtures__/openai-rig.js";

defineAgentSuite("the OpenAI-compatible adapter and the scripted model server", makeOpenAIRig);
