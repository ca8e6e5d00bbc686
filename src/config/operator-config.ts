import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import {
  DEFAULT_BLOB_CACHE_MAX_BYTES,
  DEFAULT_DERIVED_CACHE_MAX_BYTES,
} from "./read-cache-defaults.js";
import type { OwnSecret } from "../policy/find-own-secrets.js";
import { DEFAULT_SNAPSHOT_MAX_BYTES } from "../code-host/github/default-snapshot-max-bytes.js";
import { ConfigError } from "../shared/errors.js";
import type { ModelPrice } from "../shared/model-cost.js";
import { handleField } from "./config-fields.js";
import { didYouMean } from "./did-you-mean.js";
import { allowedFor } from "./parse-config-fields.js";
import { defaultCpuThreads } from "./default-cpu-threads.js";

// Two levels up from both src/config/ and dist/config/: the package's root,
// where package.json's `files` and the image put missions/.
const SHIPPED_MISSIONS_DIR = fileURLToPath(
  new URL("../../missions", import.meta.url),
);

const MiB = 1024 * 1024;

/** A whole number read from an environment variable's text. */
function wholeNumber(min: number, max: number, unit: string) {
  return z
    .string()
    .regex(/^\d+$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .meta({ allowed: `a whole number${unit} from ${min} to ${max}` });
}

/** The operator's model-token ceilings per period (`ASKCODE_TOKENS_PER_*`); undefined: none. */
export interface SpendCeilings {
  installationPerDay: number | undefined;
  installationPerMonth: number | undefined;
  repositoryPerDay: number | undefined;
  repositoryPerMonth: number | undefined;
}

/**
 * The operator's settings, read once from the environment at start (the
 * environment, then `.env` for what it leaves unset). The app's credentials
 * (APP_ID, PRIVATE_KEY, WEBHOOK_SECRET) are read by `readAppCredentials`. An
 * empty value (`KEY=` in `.env`) means unset.
 */
export const operatorEnvSchema = z.object({
  /**
   * The model endpoint's key. Without it and without `OPENAI_BASE_URL`,
   * askcode answers from retrieval alone: the most relevant code, linked.
   */
  OPENAI_API_KEY: z.string().optional(),
  /**
   * Any OpenAI-compatible endpoint: Azure, vLLM, Ollama, llama.cpp. A local
   * server that needs no key can be set here alone.
   */
  OPENAI_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .meta({
      allowed: "an http or https URL, such as https://api.openai.com/v1",
    }),
  /** The model to ask unless a repository or mission names another. */
  ASKCODE_MODEL: z
    .string()
    .min(1)
    .default("gpt-4o")
    .meta({ allowed: "a model name" }),
  /** The default model's context window in tokens: no request is packed beyond it. */
  ASKCODE_CONTEXT_WINDOW: wholeNumber(1024, 10_000_000, " of tokens").default(
    128_000,
  ),
  /**
   * The most tokens one answer may spend (prompt plus reply of every model
   * request): a ceiling over every repository's `budgets.run` and every
   * mission's. Unset: each repository's own budget (at most 10,000,000).
   */
  ASKCODE_MAX_RUN_TOKENS: wholeNumber(
    1000,
    10_000_000,
    " of tokens",
  ).optional(),
  /** The handle people mention when a repository sets none; the app's slug when unset. */
  ASKCODE_HANDLE: handleField.optional().meta({
    allowed: "a GitHub user or app name such as askcode (a leading @ is fine)",
  }),
  /** How many questions are worked on at once by this process. */
  ASKCODE_CONCURRENCY: wholeNumber(1, 64, "").default(4),
  /**
   * Worker threads that redact and derive the files of a repository read
   * the first time (`CpuPool`); 0 does that work on the event loop, in time
   * slices. Unset: every core but one, at least 1, at most 4.
   */
  ASKCODE_CPU_THREADS: wholeNumber(0, 64, "").optional(),
  /** How long a branch head or other mutable GitHub answer is trusted before revalidation (ms). */
  ASKCODE_CACHE_TTL_MS: wholeNumber(0, 86_400_000, " of milliseconds").default(
    3_600_000,
  ),
  /**
   * The most requests to GitHub one first fill of a repository's history
   * sends (`0`: none; the co-change tier then waits for pushes): after an
   * answer at a commit whose kept history stops short, one request lists
   * up to 100 commits and one per commit reads its files, in the
   * background, until a quarter of the installation's hourly rate limit is
   * left.
   */
  ASKCODE_HISTORY_FILL_REQUESTS: wholeNumber(0, 1000, "").default(100),
  /** The GitHub response cache's size in bytes (the code host's default: 64 MiB). */
  ASKCODE_CACHE_MAX_BYTES: wholeNumber(
    MiB,
    16 * 1024 * MiB,
    " of bytes",
  ).default(64 * MiB),
  /** Files larger than this are cut when read (bytes; the code host's default: 1 MiB). */
  ASKCODE_MAX_FILE_BYTES: wholeNumber(1024, 100 * MiB, " of bytes").default(
    MiB,
  ),
  /**
   * The most text a repository may hold, counting only the files retrieval
   * reads (`snapshotKeeps`: no images, data, vendored, generated or minified
   * files), to be read from one tarball instead of file by file (bytes; `0`
   * never snapshots; default 100 MiB). A question on a repository at the cap
   * peaks near 1 GB of memory (text, index and caches: `npm run
   * bench:index-scale`), 1.7 GB at 200 MB.
   */
  ASKCODE_SNAPSHOT_MAX_BYTES: wholeNumber(0, 2048 * MiB, " of bytes").default(
    DEFAULT_SNAPSHOT_MAX_BYTES,
  ),
  /**
   * The memory kept for repository indexes across questions (bytes, an
   * estimate; `0` keeps none): a second question on a commit read whole
   * reuses its index instead of reading and indexing every file again.
   */
  ASKCODE_INDEX_CACHE_MAX_BYTES: wholeNumber(
    0,
    64 * 1024 * MiB,
    " of bytes",
  ).default(512 * MiB),
  /**
   * The memory kept for what indexing derived per file (bytes, an estimate;
   * `0` keeps none): chunks and term counts by blob SHA, so a question on
   * the next commit re-derives only the files that changed. About 1.7 × the
   * repositories' kept text; separate from the index cache because it is
   * reused across commits, which the index cache never is.
   */
  ASKCODE_DERIVED_CACHE_MAX_BYTES: wholeNumber(
    0,
    64 * 1024 * MiB,
    " of bytes",
  ).default(DEFAULT_DERIVED_CACHE_MAX_BYTES),
  /**
   * Where file contents and what indexing derives from them are kept on disk,
   * by git blob SHA (src/cache/blob-store.ts). Created if missing; kept across
   * restarts; each replica needs its own. Unset: askcode-blob-cache in the
   * OS temp directory, which any user can write; in askcode's image,
   * /var/cache/askcode (`CONTAINER_DEFAULTS`).
   */
  ASKCODE_BLOB_CACHE_DIR: z
    .string()
    .min(1)
    .optional()
    .meta({ allowed: "a directory path askcode can write" }),
  /** The most bytes the blob cache takes on disk (least recently used go first); `0`: no blob cache. */
  ASKCODE_BLOB_CACHE_MAX_BYTES: wholeNumber(
    0,
    1024 * 1024 * MiB,
    " of bytes",
  ).default(DEFAULT_BLOB_CACHE_MAX_BYTES),
  /**
   * Hosts an answer may link to besides the repository at the run's commit,
   * comma-separated: `docs.python.org`, or `*.example.com` for its
   * subdomains. Images stay limited to the repository's own files.
   */
  ASKCODE_ALLOWED_LINK_HOSTS: z
    .string()
    .regex(
      /^(?:\*\.)?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*(?:\s*,\s*(?:\*\.)?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)*$/,
    )
    .optional()
    .meta({
      allowed:
        "host names separated by commas, such as docs.python.org,*.mozilla.org",
    }),
  /**
   * What the models cost, in US dollars per million tokens, input/output:
   * `gpt-4o=2.5/10,gpt-4o-mini=0.15/0.6`. With a price, an answer's footer
   * shows its cost and `/metrics` the money spent per repository.
   */
  ASKCODE_MODEL_PRICES: z
    .string()
    .regex(
      /^[^=,\s]+=\d+(?:\.\d+)?\/\d+(?:\.\d+)?(?:\s*,\s*[^=,\s]+=\d+(?:\.\d+)?\/\d+(?:\.\d+)?)*$/,
    )
    .optional()
    .meta({
      allowed:
        "model=input/output prices in US dollars per million tokens, separated by commas, such as gpt-4o=2.5/10,gpt-4o-mini=0.15/0.6",
    }),
  /**
   * Where the mission files are (a relative path is read from the working
   * directory). Unset: the `missions/` askcode ships beside its
   * package.json, so the server starts from any working directory.
   */
  ASKCODE_MISSIONS_DIR: z
    .string()
    .min(1)
    .default(SHIPPED_MISSIONS_DIR)
    .meta({ allowed: "a directory path" }),
  /**
   * How long a stopping askcode lets running answers finish before it edits
   * their comments to say they were interrupted. The container's stop timeout
   * must be longer (`docker run --stop-timeout`, Kubernetes'
   * `terminationGracePeriodSeconds`), or the process is killed first.
   */
  ASKCODE_SHUTDOWN_GRACE_SECONDS: wholeNumber(0, 3600, " of seconds").default(
    25,
  ),
  /**
   * The most questions askcode answers from one person per hour, counted
   * across every repository (`src/limits/`). A repository's
   * `limits.questions_per_user_per_hour` may only lower it there.
   */
  ASKCODE_QUESTIONS_PER_USER_PER_HOUR: wholeNumber(
    1,
    100_000,
    " of questions",
  ).default(20),
  /**
   * The most questions askcode answers in one repository per hour; a
   * repository's `limits.questions_per_repository_per_hour` may only lower it.
   */
  ASKCODE_QUESTIONS_PER_REPOSITORY_PER_HOUR: wholeNumber(
    1,
    1_000_000,
    " of questions",
  ).default(100),
  /**
   * Model tokens askcode may spend per UTC day and per calendar month, for
   * one installation (all its repositories) and for one repository (a
   * repository's `limits.tokens_per_day` / `tokens_per_month` may only
   * lower the latter). Once one is spent, questions are answered from a
   * search of the code alone until the period ends. Unset: no ceiling.
   */
  ASKCODE_TOKENS_PER_INSTALLATION_PER_DAY: wholeNumber(
    1000,
    10_000_000_000,
    " of tokens",
  ).optional(),
  ASKCODE_TOKENS_PER_INSTALLATION_PER_MONTH: wholeNumber(
    1000,
    10_000_000_000,
    " of tokens",
  ).optional(),
  ASKCODE_TOKENS_PER_REPOSITORY_PER_DAY: wholeNumber(
    1000,
    10_000_000_000,
    " of tokens",
  ).optional(),
  ASKCODE_TOKENS_PER_REPOSITORY_PER_MONTH: wholeNumber(
    1000,
    10_000_000_000,
    " of tokens",
  ).optional(),
  /**
   * The Redis that replicas share: the job queue (BullMQ) and the delivery
   * deduplication live there, so any replica may run a question and one
   * killed mid-answer is picked up by another. Unset: one process, an
   * in-process queue.
   */
  REDIS_URL: z
    .url({ protocol: /^rediss?$/ })
    .optional()
    .meta({
      allowed:
        "a redis:// or rediss:// URL, such as redis://:password@redis.internal:6379/0",
    }),
  /**
   * Without REDIS_URL: the directory of askcode's embedded store
   * (`askcode.db`, SQLite), which keeps the job queue, the delivery claims,
   * each job's comment and attempts, the question limits and the 👎 memory
   * across restarts. Created if missing; one process per directory.
   * Default: `.askcode` under the working directory; in askcode's image,
   * /var/lib/askcode, a volume (`CONTAINER_DEFAULTS`).
   */
  ASKCODE_DATA_DIR: z
    .string()
    .min(1)
    .optional()
    .meta({ allowed: "a directory path askcode can write" }),
  /**
   * GitHub answers larger than this are not shared through Redis, each
   * replica keeps its own copy (bytes; see docs/architecture/overview.md).
   */
  ASKCODE_REDIS_CACHE_MAX_BODY_BYTES: wholeNumber(
    0,
    64 * MiB,
    " of bytes",
  ).default(256 * 1024),
  /**
   * How many times a question is tried when a failure may pass (GitHub's 5xx,
   * the model unreachable) before its failure comment is left.
   */
  ASKCODE_JOB_ATTEMPTS: wholeNumber(1, 10, "").default(3),
  /** The wait before the first retry; each later one waits twice as long (seconds). */
  ASKCODE_JOB_BACKOFF_SECONDS: wholeNumber(1, 3600, " of seconds").default(10),
  /**
   * Set by askcode's image (`1`): the image's defaults apply to what is unset
   * (`CONTAINER_DEFAULTS`), and askcode refuses to listen on loopback, which
   * a published port cannot reach. An environment variable rather than
   * a file such as `/.dockerenv` because it travels with the image to every
   * runtime (Docker, Podman, Kubernetes), where such files differ.
   */
  ASKCODE_IN_CONTAINER: z
    .enum(["1", "0"])
    .optional()
    .meta({ allowed: "1 (askcode's image sets it) or 0" }),
  /**
   * The address the HTTP server listens on. Unset: Probot's default,
   * localhost, outside a container; 0.0.0.0 in askcode's image, so a
   * published port reaches it.
   */
  HOST: z
    .string()
    .regex(/^(?:[A-Za-z0-9.-]+|[0-9A-Fa-f:.]+)$/)
    .optional()
    .meta({
      allowed: "a host name or IP address to listen on, such as 0.0.0.0",
    }),
  /** The HTTP port; 0 takes any free port (tests, measurements). */
  PORT: wholeNumber(0, 65535, "").default(3000),
  /** Where GitHub posts webhook deliveries (Probot's `WEBHOOK_PATH`). */
  WEBHOOK_PATH: z
    .string()
    .regex(/^\/[\w\-./~%]*$/)
    .default("/api/github/webhooks")
    .meta({
      allowed: "a URL path starting with /, such as /api/github/webhooks",
    }),
  /** A smee.io channel that forwards deliveries to a machine without a public address. */
  WEBHOOK_PROXY_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .meta({ allowed: "an http or https URL, such as https://smee.io/abc123" }),
  /**
   * GitHub Enterprise Server's host name (and port), as Probot reads it: the
   * API is then `GHE_PROTOCOL://GHE_HOST/api/v3`.
   */
  GHE_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.-]+(?::\d{1,5})?$/)
    .optional()
    .meta({
      allowed: "a host name with an optional port, such as github.example.com",
    }),
  /** `http` only for a server without TLS (a test instance); https by default. */
  GHE_PROTOCOL: z
    .enum(["https", "http"])
    .default("https")
    .meta({ allowed: "https or http" }),
  /**
   * The REST API's root URL where it is not `/api/v3` of a host: GitHub
   * Enterprise Cloud with data residency (`https://api.SUBDOMAIN.ghe.com`) or
   * a proxy. Wins over GHE_HOST. Every client askcode builds uses it.
   */
  GITHUB_API_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .meta({
      allowed: "an http or https URL, such as https://api.octocorp.ghe.com",
    }),
  /** The least severe log line written (pino's levels, as Probot reads them). */
  LOG_LEVEL: z
    .enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"])
    .default("info")
    .meta({
      allowed: "one of trace, debug, info, warn, error, fatal, silent",
    }),
  /** `json` for log collectors, `pretty` for a terminal; json when NODE_ENV=production. */
  LOG_FORMAT: z
    .enum(["json", "pretty"])
    .optional()
    .meta({ allowed: "json or pretty" }),
});

/** The operator's settings after validation, named for the code that reads them. */
export interface OperatorConfig {
  /** The OpenAI-compatible endpoint; `undefined`: answer from retrieval alone. */
  modelEndpoint: { apiKey?: string; baseUrl?: string } | undefined;
  model: string;
  contextWindow: number;
  /** The operator's ceiling on any run's token budget (`ASKCODE_MAX_RUN_TOKENS`); undefined: none. */
  maxRunTokens: number | undefined;
  /** Lower-cased, without `@`. */
  handle: string | undefined;
  concurrency: number;
  /** Threads for a first read's CPU work (`ASKCODE_CPU_THREADS`); 0: none, on the event loop. */
  cpuThreads: number;
  /** The most requests one first fill of a repository's history sends (`ASKCODE_HISTORY_FILL_REQUESTS`); 0: none. */
  historyFillRequests: number;
  cacheTtlMs: number;
  cacheMaxBytes: number;
  maxFileBytes: number;
  snapshotMaxBytes: number;
  /** The index cache's bound in estimated bytes (`ASKCODE_INDEX_CACHE_MAX_BYTES`); 0: no cache. */
  indexCacheMaxBytes: number;
  /** The derived cache's bound in estimated bytes (`ASKCODE_DERIVED_CACHE_MAX_BYTES`); 0: no cache. */
  derivedCacheMaxBytes: number;
  /** The on-disk blob cache; maxBytes 0: none. */
  blobCache: { dir: string; maxBytes: number };
  missionsDir: string;
  /** Hosts answers may link to besides the repository at its commit, lower-cased. */
  allowedLinkHosts: string[];
  /** Seconds running answers get to finish once a stop is asked for. */
  shutdownGraceSeconds: number;
  /** The ceilings of questions answered per hour; repositories may set lower ones. */
  questionLimits: { perUser: number; perRepository: number };
  /** Model-token ceilings per period (`ASKCODE_TOKENS_PER_*`); each undefined: none. */
  spendCeilings: SpendCeilings;
  /** US dollars per million tokens by model name (`ASKCODE_MODEL_PRICES`); a model not named has no price. */
  modelPrices: Record<string, ModelPrice>;
  /** The shared Redis; `undefined`: one process, its state in the embedded store. */
  redisUrl: string | undefined;
  /** The embedded store's directory (`ASKCODE_DATA_DIR`), used without Redis. */
  dataDir: string;
  /** The largest GitHub answer shared with other replicas through Redis (bytes). */
  redisCacheMaxBodyBytes: number;
  /** How a job that failed in a way that may pass is tried again. */
  jobs: { attempts: number; backoffMs: number };
  /** The REST API's root, for Probot and every client askcode builds. */
  githubApiUrl: string;
  /** Running in askcode's image (`ASKCODE_IN_CONTAINER=1`): loopback is refused. */
  inContainer: boolean;
  server: {
    host: string;
    port: number;
    webhookPath: string;
    webhookProxyUrl: string | undefined;
  };
  log: { level: OperatorEnv["LOG_LEVEL"]; format: "json" | "pretty" };
  /**
   * askcode's own credentials by value, which nothing it posts or sends to
   * a model may carry (`findOwnSecrets`): the webhook secret, the private
   * key, the model's API key and the Redis password.
   */
  ownSecrets: OwnSecret[];
}

type OperatorEnv = z.output<typeof operatorEnvSchema>;

/**
 * What askcode's image uses for a setting left unset. They live here, not as
 * `ENV` lines in the Dockerfile, because `docker run --env-file` and
 * compose's `env_file` pass a `HOST=` line as an empty value that replaces
 * an image's `ENV`; askcode reads an empty value as unset, and lands here.
 */
export const CONTAINER_DEFAULTS = {
  HOST: "0.0.0.0",
  ASKCODE_BLOB_CACHE_DIR: "/var/cache/askcode",
  ASKCODE_DATA_DIR: "/var/lib/askcode",
} as const;
type EnvName = keyof OperatorEnv;

// Values never echoed in an error message.
const SECRET = new Set<EnvName>(["OPENAI_API_KEY", "REDIS_URL"]);

/**
 * Validates the operator's environment. Throws one `ConfigError` that names
 * every wrong variable, what it holds and what it allows, so a bad `.env`
 * is fixed in one pass rather than one restart per variable.
 *
 * @example
 * loadOperatorConfig({ ASKCODE_CONCURRENCY: "8" }).concurrency // 8
 * loadOperatorConfig({ ASKCODE_CONCURRENCY: "lots" })
 * // throws ConfigError: ASKCODE_CONCURRENCY="lots" is not allowed: a whole number from 1 to 64. …
 */
export function loadOperatorConfig(
  env: Readonly<Record<string, string | undefined>>,
  options: {
    /** Reads `PRIVATE_KEY_PATH`, so the key's value is known (`ownSecrets`); none: a key given by path is not. */
    readFile?(path: string): string;
  } = {},
): OperatorConfig {
  return {
    ...toOperatorConfig(parseOperatorEnv(env), env.NODE_ENV === "production"),
    ownSecrets: ownSecrets(env, options.readFile),
  };
}

/**
 * The values of askcode's own credentials, as the operator set them. The
 * app's credentials are checked by `readAppCredentials` when the server
 * starts; here a value that cannot be read is left out, since a start
 * without it has already stopped.
 */
function ownSecrets(
  env: Readonly<Record<string, string | undefined>>,
  readFile: ((path: string) => string) | undefined,
): OwnSecret[] {
  const set = (name: string) => env[name]?.trim() || undefined;
  const keyPath = set("PRIVATE_KEY_PATH");
  let privateKey = set("PRIVATE_KEY");
  if (keyPath && readFile)
    try {
      privateKey = readFile(keyPath);
    } catch {
      // Unreadable: readAppCredentials stops the start and says why.
    }
  const redisUrl = set("REDIS_URL");
  let redisPassword: string | undefined;
  try {
    redisPassword = redisUrl ? new URL(redisUrl).password : undefined;
  } catch {
    // Not a URL: the Redis client refuses it at start.
  }
  const found: Array<[string, string | undefined]> = [
    ["webhook secret", set("WEBHOOK_SECRET")],
    ["private key", privateKey],
    ["model API key", set("OPENAI_API_KEY")],
    // As written in the URL and as Redis receives it.
    ["Redis password", redisPassword],
    ["Redis password", redisPassword && decodedIfEncoded(redisPassword)],
  ];
  return found.flatMap(([label, value]) => (value ? [{ label, value }] : []));
}

function decodedIfEncoded(text: string): string | undefined {
  try {
    const decoded = decodeURIComponent(text);
    return decoded === text ? undefined : decoded;
  } catch {
    return undefined;
  }
}

function parseOperatorEnv(
  env: Readonly<Record<string, string | undefined>>,
): OperatorEnv {
  const known = Object.keys(operatorEnvSchema.shape) as EnvName[];
  const set: Partial<Record<EnvName, string>> = {};
  for (const name of known) {
    const value = env[name]?.trim();
    if (value) set[name] = value;
  }
  const parsed = operatorEnvSchema.safeParse(set);
  if (!parsed.success) {
    const wrong = [
      ...new Set(parsed.error.issues.map((issue) => issue.path[0] as EnvName)),
    ];
    const lines = wrong.map((name) => {
      const shown = SECRET.has(name) ? "" : `=${JSON.stringify(set[name])}`;
      const allowed = allowedFor(operatorEnvSchema.shape[name]);
      return `  ${name}${shown} is not allowed: ${allowed ?? "see .env.example"}.`;
    });
    throw new ConfigError(
      [
        `askcode cannot start: ${wrong.length === 1 ? "an environment variable is" : `${wrong.length} environment variables are`} wrong.`,
        ...lines,
        "Fix them in .env (see .env.example) or the environment, then start again.",
      ].join("\n"),
    );
  }
  return parsed.data;
}

function toOperatorConfig(
  env: OperatorEnv,
  production: boolean,
): Omit<OperatorConfig, "ownSecrets"> {
  const { OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: baseUrl } = env;
  const inContainer = env.ASKCODE_IN_CONTAINER === "1";
  return {
    modelEndpoint:
      apiKey === undefined && baseUrl === undefined
        ? undefined
        : {
            ...(apiKey === undefined ? {} : { apiKey }),
            ...(baseUrl === undefined ? {} : { baseUrl }),
          },
    model: env.ASKCODE_MODEL,
    contextWindow: env.ASKCODE_CONTEXT_WINDOW,
    maxRunTokens: env.ASKCODE_MAX_RUN_TOKENS,
    handle: env.ASKCODE_HANDLE?.replace(/^@/, "").toLowerCase(),
    concurrency: env.ASKCODE_CONCURRENCY,
    cpuThreads: env.ASKCODE_CPU_THREADS ?? defaultCpuThreads(),
    historyFillRequests: env.ASKCODE_HISTORY_FILL_REQUESTS,
    cacheTtlMs: env.ASKCODE_CACHE_TTL_MS,
    cacheMaxBytes: env.ASKCODE_CACHE_MAX_BYTES,
    maxFileBytes: env.ASKCODE_MAX_FILE_BYTES,
    snapshotMaxBytes: env.ASKCODE_SNAPSHOT_MAX_BYTES,
    indexCacheMaxBytes: env.ASKCODE_INDEX_CACHE_MAX_BYTES,
    derivedCacheMaxBytes: env.ASKCODE_DERIVED_CACHE_MAX_BYTES,
    blobCache: {
      dir:
        env.ASKCODE_BLOB_CACHE_DIR ??
        (inContainer
          ? CONTAINER_DEFAULTS.ASKCODE_BLOB_CACHE_DIR
          : join(tmpdir(), "askcode-blob-cache")),
      maxBytes: env.ASKCODE_BLOB_CACHE_MAX_BYTES,
    },
    missionsDir: env.ASKCODE_MISSIONS_DIR,
    allowedLinkHosts: (env.ASKCODE_ALLOWED_LINK_HOSTS ?? "")
      .split(",")
      .map((host) => host.trim().toLowerCase())
      .filter((host) => host !== ""),
    shutdownGraceSeconds: env.ASKCODE_SHUTDOWN_GRACE_SECONDS,
    modelPrices: Object.fromEntries(
      (env.ASKCODE_MODEL_PRICES ?? "")
        .split(",")
        .filter((entry) => entry.trim() !== "")
        .map((entry) => {
          const [model, prices] = entry.trim().split("=") as [string, string];
          const [input, output] = prices.split("/").map(Number) as [
            number,
            number,
          ];
          return [model, { input, output }];
        }),
    ),
    spendCeilings: {
      installationPerDay: env.ASKCODE_TOKENS_PER_INSTALLATION_PER_DAY,
      installationPerMonth: env.ASKCODE_TOKENS_PER_INSTALLATION_PER_MONTH,
      repositoryPerDay: env.ASKCODE_TOKENS_PER_REPOSITORY_PER_DAY,
      repositoryPerMonth: env.ASKCODE_TOKENS_PER_REPOSITORY_PER_MONTH,
    },
    questionLimits: {
      perUser: env.ASKCODE_QUESTIONS_PER_USER_PER_HOUR,
      perRepository: env.ASKCODE_QUESTIONS_PER_REPOSITORY_PER_HOUR,
    },
    redisUrl: env.REDIS_URL,
    dataDir:
      env.ASKCODE_DATA_DIR ??
      (inContainer ? CONTAINER_DEFAULTS.ASKCODE_DATA_DIR : ".askcode"),
    redisCacheMaxBodyBytes: env.ASKCODE_REDIS_CACHE_MAX_BODY_BYTES,
    jobs: {
      attempts: env.ASKCODE_JOB_ATTEMPTS,
      backoffMs: env.ASKCODE_JOB_BACKOFF_SECONDS * 1000,
    },
    githubApiUrl: (
      env.GITHUB_API_URL ??
      (env.GHE_HOST
        ? `${env.GHE_PROTOCOL}://${env.GHE_HOST}/api/v3`
        : "https://api.github.com")
    ).replace(/\/+$/, ""),
    inContainer,
    server: {
      host: env.HOST ?? (inContainer ? CONTAINER_DEFAULTS.HOST : "localhost"),
      port: env.PORT,
      webhookPath: env.WEBHOOK_PATH,
      webhookProxyUrl: env.WEBHOOK_PROXY_URL,
    },
    // Probot's rule: machine-readable logs in production, readable ones elsewhere.
    log: {
      level: env.LOG_LEVEL,
      format: env.LOG_FORMAT ?? (production ? "json" : "pretty"),
    },
  };
}

/**
 * `ASKCODE_*` variables askcode does not know, each with the known name it
 * was probably meant to be: a misspelt variable is otherwise silently
 * ignored. For a warning at start, not an error, so a variable from a newer
 * `.env` does not stop an older askcode.
 *
 * @example
 * unknownOperatorVariables({ ASKCODE_CONCURENCY: "8" })
 * // ["ASKCODE_CONCURENCY is not an askcode setting; did you mean ASKCODE_CONCURRENCY?"]
 */
export function unknownOperatorVariables(
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  const known = Object.keys(operatorEnvSchema.shape);
  return Object.keys(env)
    .filter((name) => name.startsWith("ASKCODE_") && !known.includes(name))
    .sort()
    .map((name) => {
      const suggestion = didYouMean(name, known);
      return `${name} is not an askcode setting${suggestion ? `; did you mean ${suggestion}?` : "."}`;
    });
}
