// First: on an old Node.js, stop with one line before anything else runs.
import "./check-node-version.js";
import { readFileSync } from "node:fs";
import { collectDefaultMetrics, Registry } from "prom-client";
import { loadOperatorConfig } from "../config/operator-config.js";
import { ConfigError } from "../shared/errors.js";
import { dropEmptyVariables } from "./drop-empty-variables.js";
import { loadDotEnv } from "./load-dot-env.js";
import { readAppCredentials } from "./read-app-credentials.js";
import { refuseLoopbackInContainer } from "./refuse-loopback-in-container.js";
import { startAppServer } from "./start-app-server.js";
import { startSetupServer } from "./start-setup-server.js";

/**
 * `node dist/server/main.js`: askcode's process. It reads `.env` under the
 * environment (an empty value is unset), checks every setting before
 * listening (a wrong one stops the start with its name), runs the app or Probot's setup flow, and on SIGTERM
 * or SIGINT stops gracefully and exits 0. As the container's PID 1 it must
 * handle these signals itself: the kernel gives PID 1 no default action.
 */
async function main(): Promise<void> {
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
  const server = await startAppServer({ operator, credentials, env, metrics });
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

main().catch((error: unknown) => {
  // A setting the operator controls: its message says what to fix, no stack.
  if (error instanceof ConfigError) console.error(error.message);
  else console.error("askcode could not start:", error);
  process.exit(1);
});
