import { readFile } from "node:fs/promises";
import type { Mission } from "../missions/mission-schema.js";
import { ConfigError } from "../shared/errors.js";
import { readTriggerJob } from "../webhooks/read-trigger-job.js";
import type { ActionEnv } from "./read-action-env.js";

/**
 * The installation a workflow's event stands for. The runner's event file
 * is the webhook's payload without `installation` (the workflow's token
 * stands for it), which the webhook's reading requires: 0 is no
 * installation, so `app.auth(0)` is the token's own Octokit, and the code
 * host's caches and search budget key on `installation:0`.
 */
const WORKFLOW_INSTALLATION = { id: 0 };

/**
 * The question the event the runner hands the Action asks, read as the
 * App's webhook reads a delivery (`readTriggerJob`): the same events,
 * screening and trigger ids. Its delivery id is the workflow run's id and
 * attempt, for the log.
 *
 * @example
 * await readEventTrigger(action, { missions, now })
 * // { kind: "job", job: { event: "issue_comment", triggerId: "comment:1362343011", … } }
 */
export async function readEventTrigger(
  action: Pick<ActionEnv, "eventName" | "eventPath" | "runId">,
  deps: { missions: readonly Mission[]; now(): Date },
): Promise<ReturnType<typeof readTriggerJob>> {
  const text = await readFile(action.eventPath, "utf8").catch(
    (error: NodeJS.ErrnoException) => {
      throw new ConfigError(
        `askcode cannot read the event: GITHUB_EVENT_PATH (${action.eventPath}) could not be read (${error.code ?? error.message}).`,
        { cause: error },
      );
    },
  );
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(
      `askcode cannot read the event: GITHUB_EVENT_PATH (${action.eventPath}) is not JSON.`,
      { cause: error },
    );
  }
  return readTriggerJob(
    {
      id: action.runId,
      name: action.eventName,
      payload: withInstallation(payload),
    },
    deps,
  );
}

function withInstallation(payload: unknown): unknown {
  if (typeof payload !== "object" || payload === null) return payload;
  return "installation" in payload && payload.installation
    ? payload
    : { ...payload, installation: WORKFLOW_INSTALLATION };
}
