import { describe, expect, it } from "vitest";
import { planReload } from "./reload-plan.js";
import { parseServerEntry } from "./server-entry.js";
import { emptySlot, type Slot } from "./server-slot.js";

/** A slot as the hub leaves it after starting `input` (no connection: disabled or idle). */
function slotOf(name: string, input: Record<string, unknown>, state: Slot["state"]): Slot {
  const { lazy, ...entry } = input;
  return {
    ...emptySlot(name),
    entry: parseServerEntry(name, entry),
    lazy: lazy === true,
    state,
  };
}

const fs = { command: "node", args: ["fs.js"], lazy: true };

describe("planReload", () => {
  it("lists removed servers first, then one step per server in configuration order", () => {
    const slots = new Map([
      ["old", slotOf("old", { command: "node", args: ["old.js"], lazy: true }, "idle")],
      ["fs", slotOf("fs", fs, "idle")],
    ]);
    const steps = planReload(slots, { added: { command: "node" }, fs }, false);
    expect(steps.map((step) => `${step.kind} ${step.name}`)).toEqual([
      "removed old",
      "added added",
      "unchanged fs",
    ]);
  });

  it("re-filters a healthy server whose tool filter alone changed", () => {
    const slots = new Map([["fs", slotOf("fs", fs, "idle")]]);
    const [step] = planReload(slots, { fs: { ...fs, tools: { include: ["read_*"] } } }, false);
    expect(step?.kind).toBe("refiltered");
    expect(step?.kind === "refiltered" && step.entry.filter).toEqual({ include: ["read_*"] });
  });

  it("restarts a server whose command, enabled or load options changed, or that failed", () => {
    const slots = new Map([
      ["cmd", slotOf("cmd", fs, "idle")],
      ["off", slotOf("off", fs, "idle")],
      ["load", slotOf("load", fs, "idle")],
      ["broken", slotOf("broken", fs, "failed")],
      ["bad", slotOf("bad", fs, "idle")],
    ]);
    const steps = planReload(
      slots,
      {
        cmd: { ...fs, args: ["other.js"] },
        off: { ...fs, enabled: false },
        load: { ...fs, lazy: false },
        broken: fs,
        bad: { ...fs, command: 42 },
      },
      false,
    );
    expect(steps.map((step) => `${step.kind} ${step.name}`)).toEqual([
      "restarted cmd",
      "restarted off",
      "restarted load",
      "restarted broken",
      "restarted bad",
    ]);
  });

  it("compares an unset lazy with the hub's default", () => {
    const slots = new Map([["fs", slotOf("fs", fs, "idle")]]);
    const { lazy: _, ...withoutLazy } = fs;
    expect(planReload(slots, { fs: withoutLazy }, true)[0]?.kind).toBe("unchanged");
    expect(planReload(slots, { fs: withoutLazy }, false)[0]?.kind).toBe("restarted");
  });
});
