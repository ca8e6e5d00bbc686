/** What askcode uses of smee-client's `SmeeClient`. */
interface SmeeClientModule {
  SmeeClient: new (options: {
    source: string;
    target: string;
    logger: Pick<Console, "info" | "error">;
  }) => { start(): Promise<{ close(): void }> | { close(): void } };
}

/**
 * Forwards the deliveries of a smee.io channel (`WEBHOOK_PROXY_URL`) to the
 * local webhook route, for a development machine without a public address.
 * Like Probot, askcode does not depend on smee-client: a developer installs
 * it (`npm install --no-save smee-client`); without it the server still
 * starts and says what to do. Never used in production images.
 */
export async function startWebhookProxy(options: {
  source: string;
  target: string;
  log: {
    info(message: string): void;
    warn(message: string): void;
    error(message: string): void;
  };
}): Promise<{ close(): void } | undefined> {
  // A variable, so TypeScript does not look for the optional package's types.
  const name = "smee-client";
  let smee: SmeeClientModule;
  try {
    smee = (await import(name)) as SmeeClientModule;
  } catch {
    options.log.warn(
      `WEBHOOK_PROXY_URL is set but smee-client is not installed: run \`npm install --no-save smee-client\` to forward ${options.source} to this machine.`,
    );
    return undefined;
  }
  const client = new smee.SmeeClient({
    source: options.source,
    target: options.target,
    logger: {
      info: (...args: unknown[]) => options.log.info(args.join(" ")),
      error: (...args: unknown[]) => options.log.error(args.join(" ")),
    },
  });
  const events = await client.start();
  options.log.info(`Forwarding ${options.source} to ${options.target}`);
  return events;
}
