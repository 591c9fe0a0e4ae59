import type { Contender } from "./contender.js";
import { tinyloopContender } from "./tinyloop-contender.js";

/** The scenarios whose client CPU gives the per-turn figure: (echo-200 − startup-1) ÷ 200. */
const PER_TURN_SCENARIOS = new Set(["startup-1", "echo-200"]);

/**
 * tinyloop with trace export on: the same run as {@link tinyloopContender} plus
 * `--otlp URL`, the official SDK's batching OTLP/HTTP exporter sending every span to a
 * local receiver (the bench's own process, so its decoding is not the client's CPU). Runs
 * only the two scenarios of the per-turn CPU figure, which it is compared on.
 */
export function tinyloopOtlpContender(tracesUrl: string): Contender {
  return {
    ...tinyloopContender,
    id: "tinyloop-otlp",
    label: "tinyloop --otlp",
    unsupported: (scenario) =>
      PER_TURN_SCENARIOS.has(scenario.id)
        ? undefined
        : "only the per-turn CPU scenarios (startup-1, echo-200)",
    prepare(scenario, context) {
      const spec = tinyloopContender.prepare(scenario, context);
      return { ...spec, args: [...spec.args, "--otlp", tracesUrl] };
    },
  };
}
