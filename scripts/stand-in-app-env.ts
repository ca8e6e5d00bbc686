import { generateKeyPairSync } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { freeLoopbackPort } from "./free-loopback-port.js";
import type { GitHubStandIn } from "./github-stand-in.js";

export interface StandInAppEnv {
  /** Where askcode will listen: `http://127.0.0.1:<port>`. */
  url: string;
  /** askcode's settings, to lay over the environment it is started with. */
  env: Record<string, string>;
}

/**
 * The settings that start askcode as an app of a GitHub stand-in: app id 1
 * with a fresh RSA key written to `dir` (the stand-in checks no signature),
 * the stand-in as its GitHub Enterprise host over http, a free port on
 * loopback, and no model (the model settings are set empty, so neither the
 * environment nor a `.env` brings one in): answers come from retrieval alone.
 * The blob cache lives in `dir` too, so no run starts with another's blobs
 * (which would skip the tarball a test may hold), and so does the embedded
 * store (`dir/data`), which a restart in the same `dir` takes up again.
 *
 * @example
 * const { url, env } = await standInAppEnv({ standIn, secret: "s", dir: tempDir });
 * spawn("npm", ["start"], { env: { ...process.env, ...env } });
 */
export async function standInAppEnv(options: {
  standIn: Pick<GitHubStandIn, "host">;
  /** The webhook secret deliveries are signed with. */
  secret: string;
  /** A directory for the private key. */
  dir: string;
  logLevel?: string;
}): Promise<StandInAppEnv> {
  const keyPath = join(options.dir, "app.pem");
  writeFileSync(
    keyPath,
    generateKeyPairSync("rsa", {
      modulusLength: 2048,
      privateKeyEncoding: { type: "pkcs1", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    }).privateKey,
  );
  const port = await freeLoopbackPort();
  return {
    url: `http://127.0.0.1:${port}`,
    env: {
      APP_ID: "1",
      PRIVATE_KEY_PATH: keyPath,
      WEBHOOK_SECRET: options.secret,
      GHE_HOST: options.standIn.host,
      GHE_PROTOCOL: "http",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: options.logLevel ?? "warn",
      OPENAI_API_KEY: "",
      OPENAI_BASE_URL: "",
      ASKCODE_BLOB_CACHE_DIR: join(options.dir, "blob-cache"),
      // The embedded store too: a restart in the same `dir` takes up its queue.
      ASKCODE_DATA_DIR: join(options.dir, "data"),
    },
  };
}
