import { ConfigError } from "../shared/errors.js";
import {
  credentialsToSet,
  type CredentialVariable,
} from "./credentials-to-set.js";
import { readPrivateKey, type PrivateKeySource } from "./read-private-key.js";

/** What the server starts as: the app itself, or Probot's registration (manifest) flow. */
export type AppCredentials =
  | {
      kind: "app";
      appId: number;
      privateKey: string;
      webhookSecret: string;
      /** One line to log at start about how the key was chosen. */
      notice?: string;
    }
  | { kind: "setup"; missing: CredentialVariable[] };

/**
 * The GitHub App's identity from the environment. Without an app ID or a key,
 * askcode starts Probot's setup flow (register the app from app.yml), as
 * `probot run` does, except in production, where a missing credential is a
 * deployment mistake and stops the start. A webhook secret is required: the
 * deliveries' signatures are the only proof they come from GitHub.
 *
 * @example
 * readAppCredentials({ env: { APP_ID: "12", PRIVATE_KEY_PATH: "/run/secrets/app.pem", WEBHOOK_SECRET: "…" }, readFile })
 * // { kind: "app", appId: 12, privateKey: "-----BEGIN RSA PRIVATE KEY-----\n…", webhookSecret: "…" }
 */
export function readAppCredentials(source: PrivateKeySource): AppCredentials {
  const { env } = source;
  const rawAppId = env.APP_ID?.trim() || undefined;
  if (rawAppId !== undefined && !/^[1-9]\d*$/.test(rawAppId))
    throw new ConfigError(
      `askcode cannot start: APP_ID=${JSON.stringify(rawAppId)} is not allowed: the app's numeric ID, from its settings page (App ID).`,
    );
  const privateKey = readPrivateKey(source);
  const webhookSecret = env.WEBHOOK_SECRET?.trim() || undefined;
  const missing: CredentialVariable[] = [
    ...(rawAppId ? [] : ["APP_ID" as const]),
    ...(privateKey ? [] : ["PRIVATE_KEY or PRIVATE_KEY_PATH" as const]),
  ];
  if (missing.length > 0) {
    if (env.NODE_ENV === "production") {
      // Every variable the start will need, so one restart is enough.
      const unset = webhookSecret
        ? missing
        : [...missing, "WEBHOOK_SECRET" as const];
      throw new ConfigError(
        `askcode cannot start: ${unset.join(", ")} ${unset.length === 1 ? "is" : "are"} not set, and NODE_ENV=production turns off the setup flow. Set ${credentialsToSet(unset)}; then start again.`,
      );
    }
    return { kind: "setup", missing };
  }
  if (!webhookSecret)
    throw new ConfigError(
      "askcode cannot start: WEBHOOK_SECRET is not set. Set it to the app's webhook secret (its settings page), so askcode can check that deliveries come from GitHub.",
    );
  return {
    kind: "app",
    appId: Number(rawAppId),
    privateKey: privateKey!.pem,
    webhookSecret,
    ...(privateKey!.notice ? { notice: privateKey!.notice } : {}),
  };
}
