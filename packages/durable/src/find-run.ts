import type { DBOSClient, WorkflowStatus } from "@dbos-inc/dbos-sdk";
import { DurableError } from "./durable-error.js";
import { DURABLE_NAMES } from "./run-types.js";

/** How many matching ids an ambiguous prefix's error lists. */
const SHOWN_MATCHES = 5;

const LOAD = { loadInput: true, loadOutput: true } as const;

/**
 * The run whose id is `idOrPrefix`, else the one run whose id starts with it (as git takes
 * an abbreviated commit), with its input and output loaded.
 * @throws DurableError `RUN_NOT_FOUND` when no run matches, `RUN_ID_AMBIGUOUS` (listing the
 * matches) when several do.
 */
export async function findRun(client: DBOSClient, idOrPrefix: string): Promise<WorkflowStatus> {
  const isRun = (status: WorkflowStatus) => status.workflowName === DURABLE_NAMES.workflow;
  const [exact] = await client.listWorkflows({ workflowIDs: [idOrPrefix], ...LOAD });
  if (exact && isRun(exact)) return exact;
  const matches =
    idOrPrefix === ""
      ? []
      : (
          await client.listWorkflows({
            workflow_id_prefix: idOrPrefix,
            workflowName: DURABLE_NAMES.workflow,
            limit: SHOWN_MATCHES + 1,
            ...LOAD,
          })
        ).filter((status) => status.workflowID.startsWith(idOrPrefix)); // LIKE's `_` matches any
  const [only] = matches;
  if (only && matches.length === 1) return only;
  if (matches.length === 0) {
    throw new DurableError({
      code: "RUN_NOT_FOUND",
      message: `No run with id "${idOrPrefix}" in this database. List the runs to see their ids.`,
    });
  }
  const shown = matches.slice(0, SHOWN_MATCHES).map((status) => status.workflowID);
  const more = matches.length > SHOWN_MATCHES ? ", …" : "";
  throw new DurableError({
    code: "RUN_ID_AMBIGUOUS",
    message: `The id "${idOrPrefix}" is the start of ${matches.length > SHOWN_MATCHES ? "more than 5" : matches.length} runs' ids: ${shown.join(", ")}${more}. Give more of the id.`,
  });
}
