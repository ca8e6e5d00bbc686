import { readFileSync } from "node:fs";
import { collectDefaultMetrics, Registry } from "prom-client";
import { loadOperatorConfig } from "../config/operator-config.js";
import { ConfigError } from "../shared/errors.js";
import { dropEmptyVariables } from "./drop-empty-variables.js";
import { loadDotEnv } from "./load-dot-env.js";
import { readAppCredentials } from "./read-app-credentials.js";
import { refuseLoopbackInContainer } from "./refuse-loopback-in-container.js";
import {
  startAppServer,
  type StartAppServerOptions,
} from "./start-app-server.js";
import { startSetupServer } from "./start-setup-server.js";

export interface AskcodeProcessOptions {
  /** Probot's Octokit class: tests on loopback turn its write pacing off (GitHub asks for 1-3 s between writes). */
  Octokit?: StartAppServerOptions["Octokit"];
}

/**
 * askcode's process (`node dist/server/main.js` runs it). It reads `.env` under the
 * environment (an empty value is unset), checks every setting before
 * listening (a wrong one stops the start with its name), runs the app or Probot's setup flow, and on SIGTERM
 * or SIGINT stops gracefully and exits 0. As the container's PID 1 it must
 * handle these signals itself: the kernel gives PID 1 no default action.
 */
export function runAskcodeProcess(options: AskcodeProcessOptions = {}): void {
  main(options).catch((error: unknown) => {
    // A setting the operator controls: its message says what to fix, no stack.
    if (error instanceof ConfigError) console.error(error.message);
    else console.error("askcode could not start:", error);
    process.exit(1);
  });
}

async function main(options: AskcodeProcessOptions): Promise<void> {
  const env = process.env;
  loadDotEnv(env, ".env");
  dropEmptyVariables(env);
  const operator = loadOperatorConfig(env);
  await refuseLoopbackInContainer({
    host: operator.server.host,
    inContainer: operator.inContainer,
  });
  const credentials = readAppCredentials({
    env,
    readFile: (path) => readFileSync(path, "utf8"),
  });

  if (credentials.kind === "setup") {
    const setup = await startSetupServer({
      operator,
      missing: credentials.missing,
      env,
    });
    onStopSignal(async () => {
      await setup.stop();
    });
    return;
  }

  // askcode's metrics and the process's own (memory, CPU, event-loop lag),
  // which an operator reads beside them when answers slow down.
  const metrics = new Registry();
  collectDefaultMetrics({ register: metrics });
  const server = await startAppServer({
    operator,
    credentials,
    env,
    metrics,
    ...(options.Octokit ? { Octokit: options.Octokit } : {}),
  });
  onStopSignal(
    (signal) => server.shutdown(signal),
    () => server.hurry(),
  );
}

/** The first SIGTERM/SIGINT stops gracefully and exits 0; a second one hurries it. */
function onStopSignal(
  stop: (signal: string) => Promise<void>,
  hurry?: () => void,
): void {
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return hurry?.();
      stopping = true;
      stop(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          console.error("askcode could not stop cleanly:", error);
          process.exit(1);
        },
      );
    });
  }
}
