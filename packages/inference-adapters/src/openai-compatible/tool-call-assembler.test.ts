import { describe, expect, it } from "vitest";
import { ToolCallAssembler } from "./tool-call-assembler.js";

describe("ToolCallAssembler: shapes the scripted server does not cover", () => {
  it("uses the position in the list when a server omits index", () => {
    const calls = new ToolCallAssembler();
    calls.add({ id: "a", function: { name: "x", arguments: "{}" } }, 0);
    calls.add({ id: "b", function: { name: "y", arguments: '{"q":1}' } }, 1);
    expect(calls.finish()).toEqual([
      { id: "a", name: "x", arguments: "{}" },
      { id: "b", name: "y", arguments: '{"q":1}' },
    ]);
  });

  it("opens a new call when a server reuses index 0 with a new id", () => {
    const calls = new ToolCallAssembler();
    calls.add({ index: 0, id: "a", function: { name: "x", arguments: '{"n":' } }, 0);
    calls.add({ index: 0, function: { arguments: "1}" } }, 0);
    const delta = calls.add({ index: 0, id: "b", function: { name: "y", arguments: "{}" } }, 0);
    expect(delta.index).toBe(1);
    expect(calls.finish()).toEqual([
      { id: "a", name: "x", arguments: '{"n":1}' },
      { id: "b", name: "y", arguments: "{}" },
    ]);
  });

  it("takes arguments sent as an object and ignores a name repeated in every chunk", () => {
    const calls = new ToolCallAssembler();
    calls.add({ index: 0, id: "a", function: { name: "x", arguments: { k: "v" } } }, 0);
    calls.add({ index: 0, id: "a", function: { name: "x", arguments: "" } }, 0);
    expect(calls.finish()).toEqual([{ id: "a", name: "x", arguments: '{"k":"v"}' }]);
  });
});
