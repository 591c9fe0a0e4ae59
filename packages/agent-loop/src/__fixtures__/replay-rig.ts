import {
  type CassetteEntry,
  createReplayModel,
  type ModelEvent,
} from "@tinyloop/inference-adapters";
import { type MakeRig, type RigTurn, rigCallId } from "./model-rig.js";

/** A rig turn as a cassette entry: text word by word, tool calls streamed then complete. */
export function toCassetteEntry(turn: RigTurn, number: number): CassetteEntry {
  const events: ModelEvent[] = [];
  for (const word of turn.text?.match(/\S+\s*/g) ?? [])
    events.push({ type: "text-delta", text: word });
  (turn.calls ?? []).forEach(([name, args], index) => {
    const id = rigCallId(number, index);
    const json = JSON.stringify(args);
    events.push({ type: "tool-call-delta", index, id, name, argumentsDelta: json });
    events.push({ type: "tool-call", id, name, arguments: json });
  });
  if (turn.usage) events.push({ type: "usage", ...turn.usage });
  events.push({ type: "finish", reason: turn.calls?.length ? "tool-calls" : "stop" });
  return { events };
}

/** The replay model playing in-memory entries. */
export const makeReplayRig: MakeRig = async (turns, options = {}) => {
  const model = createReplayModel({
    cassette: turns.map((turn, index) => toCassetteEntry(turn, index + 1)),
    capabilities: { vision: options.vision ?? false },
  });
  return { model, close: async () => {} };
};
