import type { FloorServer } from "./floor-plan.js";

/**
 * What the loop floor needs: the servers, the model's base URL and the prompt. Tools are
 * offered to the model as `mcp_<server>_<tool>`, the names tinyloop gives them, so both
 * play the same script.
 */
export interface LoopFloorPlan {
  servers: FloorServer[];
  baseURL: string;
  model: string;
  prompt: string;
  maxTurns: number;
}
