export type { DurableAgentOptions, RunEnd } from "./agent-run-workflow.js";
export type { RunBatchFileOptions } from "./batch-file.js";
export { readBatchInputs, runBatchFile } from "./batch-file.js";
export type { BatchInput } from "./batch-inputs.js";
export { parseBatchInputs } from "./batch-inputs.js";
export type { SpawnBatchWorkerOptions } from "./batch-worker-process.js";
export { onBatchGone, spawnBatchWorker } from "./batch-worker-process.js";
export type { StoppedWorker } from "./batch-workers.js";
export { checkDatabase } from "./check-database.js";
export type { ChooseDatabaseOptions } from "./choose-database.js";
export { chooseDatabase, DATABASE_URL_VARIABLE } from "./choose-database.js";
export type { DatabaseAddress } from "./database-url.js";
export { parseDatabaseUrl } from "./database-url.js";
export type {
  DurableClient,
  OpenDurableClientOptions,
  RunDetails,
  RunResult,
  RunStepRecord,
  RunSummary,
  SubmitOptions,
} from "./durable-client.js";
export { openDurableClient } from "./durable-client.js";
export type { DurableErrorCode } from "./durable-error.js";
export { DurableError } from "./durable-error.js";
export type { DurableRunStepOptions } from "./durable-run-step.js";
export { durableRunStep } from "./durable-run-step.js";
export type { DurableWorker, DurableWorkerOptions } from "./durable-worker.js";
export { startDurableWorker } from "./durable-worker.js";
export type { LocalDatabase, LocalDatabaseOptions } from "./local-database.js";
export { localDatabase, stopLocalDatabase } from "./local-database.js";
export { mayRunAgain } from "./may-run-again.js";
export type { ModelRate } from "./model-rate.js";
export { checkModelRate, modelRateQueueName } from "./model-rate.js";
export { modelRateText, parseModelRate } from "./model-rate-text.js";
export type { MigrationLog } from "./quiet-migrate.js";
export type {
  BatchCounts,
  BatchEvent,
  BatchRunResult,
  RunBatchOptions,
} from "./run-batch.js";
export { batchRunId, runBatch } from "./run-batch.js";
export type { FinishedOutcome, OutcomeWithError, RunOutcome } from "./run-outcome.js";
export { isAnswered, isFinished } from "./run-outcome.js";
export type { DurableRunInput, DurableRunResult } from "./run-types.js";
export { DURABLE_NAMES, runQueueName } from "./run-types.js";
export { StepGate } from "./step-gate.js";
export type { StepSummary } from "./step-summary.js";
export { stepSummary } from "./step-summary.js";
export type { DatabaseDown, WaitForDatabaseOptions } from "./wait-for-database.js";
export { outlastOutage, waitForDatabase } from "./wait-for-database.js";
