import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Probot, Server } from "probot";
import type { OperatorConfig } from "../config/operator-config.js";

type Handler = Parameters<Server["addHandler"]>[0];
type SetupAppFactory = (options: {
  host: string;
  port: number;
  log: Probot["log"];
}) => () => Promise<Handler>;

/**
 * Probot's setup flow (register the app from app.yml, write APP_ID,
 * PRIVATE_KEY and WEBHOOK_SECRET into `.env`), as `probot run` starts it
 * when the app has no credentials yet. Probot exports its `Server` but not
 * the setup handler, so this reads it from Probot's own files; askcode
 * pins Probot's major version. `probot run` is not used because it first
 * copies `.env` over the environment, which must win.
 */
export async function startSetupServer(
  operator: OperatorConfig,
): Promise<{ stop(): Promise<void> }> {
  const probotIndex = createRequire(import.meta.url).resolve("probot");
  const { setupAppFactory } = (await import(
    pathToFileURL(join(dirname(probotIndex), "apps", "setup.js")).href
  )) as { setupAppFactory: SetupAppFactory };
  const server = new Server({
    host: operator.server.host,
    port: operator.server.port,
    webhookPath: operator.server.webhookPath,
    webhookProxy: operator.server.webhookProxyUrl,
    // Setup mode has no app yet; Probot needs placeholders to build its
    // instance, which serves nothing until the app is registered.
    Probot: Probot.defaults({
      appId: 1,
      privateKey: "unused until the app is registered",
      logLevel: operator.log.level as "info",
      logFormat: operator.log.format,
    }),
  });
  await server.loadHandlerFactory((probot) =>
    setupAppFactory({
      host: server.host,
      port: server.port,
      log: probot.log.child({ name: "setup" }),
    })(),
  );
  await server.start();
  return { stop: () => server.stop() };
}
