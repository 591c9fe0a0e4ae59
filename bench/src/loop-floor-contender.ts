import { planClientContender } from "./plan-client-contender.js";
import { tinyloopContender } from "./tinyloop-contender.js";

/**
 * A second, stricter baseline (not in issue 9's list): raw SDK + fetch doing the model's
 * HTTP round trips too, with no agent-loop machinery. tinyloop ÷ loop floor is what the
 * loop itself adds; floor → loop floor is what any runner pays for talking to a model.
 */
export const loopFloorContender = planClientContender({
  id: "loop-floor",
  label: "loop floor (raw SDK + fetch)",
  client: "loop-floor-client.js",
  // Same tool names as tinyloop, so it plays tinyloop's script.
  script: (scenario) => tinyloopContender.script(scenario) ?? [],
});
