import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { AddressInfo } from "node:net";
import { Probot, Server, type Logger } from "probot";
import type { OperatorConfig } from "../config/operator-config.js";
import {
  credentialsToSet,
  type CredentialVariable,
} from "./credentials-to-set.js";
import { createSetupRoutes } from "./create-setup-routes.js";

type Handler = Parameters<Server["addHandler"]>[0];
type SetupAppFactory = (options: {
  host: string;
  port: number;
  log: Probot["log"];
}) => () => Promise<Handler>;

export interface SetupServerOptions {
  operator: OperatorConfig;
  /** What the app lacks (`readAppCredentials`), named in the log and on /readyz. */
  missing: readonly CredentialVariable[];
  /** `process.env`: Probot's setup flow reads it, not a copy. */
  env: NodeJS.ProcessEnv;
  /** Probot's logger, instead of one on stdout (tests read what it writes). */
  log?: Logger;
}

/**
 * Probot's setup flow (register the app from app.yml, write APP_ID,
 * PRIVATE_KEY and WEBHOOK_SECRET into `.env`), as `probot run` starts it
 * when the app has no credentials yet, with askcode's probe routes
 * (`createSetupRoutes`) in front. Probot exports its `Server` but not the
 * setup handler, so this reads it from Probot's own files; askcode pins
 * Probot's major version. `probot run` is not used because it first copies
 * `.env` over the environment, which must win.
 */
export async function startSetupServer(
  options: SetupServerOptions,
): Promise<{ url: string; stop(): Promise<void> }> {
  const { operator, env } = options;
  // Without a proxy URL Probot would create a smee.io channel through
  // smee-client, which askcode does not ship: it only warned "SmeeClient is
  // not available". A proxy stays opt-in through WEBHOOK_PROXY_URL.
  if (!operator.server.webhookProxyUrl) env.NO_SMEE_SETUP ??= "true";
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
    ...(options.log ? { log: options.log } : {}),
  });
  const toSet = credentialsToSet(options.missing);
  const register =
    "register a new GitHub App (the setup page writes APP_ID, PRIVATE_KEY and WEBHOOK_SECRET to .env)";
  server.addHandler(
    createSetupRoutes({
      notConfigured: `setup: not configured: set ${toSet}, or open this server's / to ${register}; then restart askcode`,
    }),
  );
  let log: Logger | undefined;
  await server.loadHandlerFactory(async (probot) => {
    log = probot.log.child({ name: "setup" });
    // Probot's welcome text always asks for "APP_ID and PRIVATE_KEY";
    // askcode logs its own below, naming only what is missing. Its later
    // lines (the restart notice after registration) are kept.
    const level = log.level;
    log.level = "warn";
    try {
      return await setupAppFactory({
        host: server.host,
        port: server.port,
        log,
      })();
    } finally {
      log.level = level;
    }
  });
  const http = await server.start();
  const { port } = http.address() as AddressInfo;
  const host = ["0.0.0.0", "::"].includes(operator.server.host)
    ? "localhost"
    : operator.server.host;
  const url = `http://${host}:${port}`;
  log!.info(
    `askcode is in setup mode: ${options.missing.join(" and ")} ${options.missing.length === 1 ? "is" : "are"} not set. Set ${toSet}, or open ${url} to ${register}; then restart askcode.`,
  );
  return { url, stop: () => server.stop() };
}
