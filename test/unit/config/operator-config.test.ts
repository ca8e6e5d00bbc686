import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_READ_LIMITS } from "../../../src/code-host/code-host.js";
import { DEFAULT_SNAPSHOT_MAX_BYTES } from "../../../src/code-host/github/default-snapshot-max-bytes.js";
import {
  loadOperatorConfig,
  operatorEnvSchema,
  unknownOperatorVariables,
} from "../../../src/config/operator-config.js";
import { ConfigError } from "../../../src/shared/errors.js";
import { defaultCpuThreads } from "../../../src/config/default-cpu-threads.js";

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadOperatorConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("loadOperatorConfig", () => {
  it("gives the defaults for an empty environment: no model, retrieval alone", () => {
    expect(loadOperatorConfig({})).toStrictEqual({
      modelEndpoint: undefined,
      model: "gpt-4o",
      contextWindow: 128000,
      maxRunTokens: undefined,
      handle: undefined,
      concurrency: 4,
      cpuThreads: defaultCpuThreads(),
      historyFillRequests: 100,
      cacheTtlMs: 3_600_000,
      cacheMaxBytes: 64 * 1024 * 1024,
      maxFileBytes: 1024 * 1024,
      snapshotMaxBytes: 100 * 1024 * 1024,
      indexCacheMaxBytes: 512 * 1024 * 1024,
      derivedCacheMaxBytes: 512 * 1024 * 1024,
      blobCache: {
        dir: join(tmpdir(), "askcode-blob-cache"),
        maxBytes: 2 * 1024 * 1024 * 1024,
      },
      // The missions askcode ships, whatever the working directory.
      missionsDir: fileURLToPath(new URL("../../../missions", import.meta.url)),
      allowedLinkHosts: [],
      shutdownGraceSeconds: 25,
      questionLimits: { perUser: 20, perRepository: 100 },
      modelPrices: {},
      spendCeilings: {
        installationPerDay: undefined,
        installationPerMonth: undefined,
        repositoryPerDay: undefined,
        repositoryPerMonth: undefined,
      },
      redisUrl: undefined,
      redisCacheMaxBodyBytes: 256 * 1024,
      dataDir: ".askcode",
      jobs: { attempts: 3, backoffMs: 10_000 },
      githubApiUrl: "https://api.github.com",
      inContainer: false,
      server: {
        host: "localhost",
        port: 3000,
        webhookPath: "/api/github/webhooks",
        webhookProxyUrl: undefined,
      },
      log: { level: "info", format: "pretty" },
      ownSecrets: [],
    });
  });

  it("in askcode's image, listens on every interface and caches blobs in the image's directory when those are unset or empty", () => {
    for (const env of [
      { ASKCODE_IN_CONTAINER: "1" },
      // `docker run --env-file .env` with `HOST=` lines: empty is unset.
      {
        ASKCODE_IN_CONTAINER: "1",
        HOST: "",
        ASKCODE_BLOB_CACHE_DIR: "",
        ASKCODE_DATA_DIR: "",
      },
    ]) {
      const config = loadOperatorConfig(env);
      expect(config.server.host).toBe("0.0.0.0");
      expect(config.blobCache.dir).toBe("/var/cache/askcode");
      expect(config.dataDir).toBe("/var/lib/askcode");
      expect(config.inContainer).toBe(true);
    }
    expect(
      loadOperatorConfig({ ASKCODE_IN_CONTAINER: "1", HOST: "::" }).server.host,
    ).toBe("::");
  });

  it("has the same defaults as the code host it configures", () => {
    const config = loadOperatorConfig({});
    expect(config.maxFileBytes).toBe(DEFAULT_READ_LIMITS.maxFileBytes);
    expect(config.snapshotMaxBytes).toBe(DEFAULT_SNAPSHOT_MAX_BYTES);
  });

  it("reads every variable", () => {
    expect(
      loadOperatorConfig({
        OPENAI_API_KEY: "sk-test",
        OPENAI_BASE_URL: "https://llm.internal.example/v1",
        ASKCODE_MODEL: "qwen2.5-coder:32b",
        ASKCODE_CONTEXT_WINDOW: "32768",
        ASKCODE_MAX_RUN_TOKENS: "40000",
        ASKCODE_HANDLE: "@CodeHelper",
        ASKCODE_CONCURRENCY: "2",
        ASKCODE_CPU_THREADS: "0",
        ASKCODE_HISTORY_FILL_REQUESTS: "0",
        ASKCODE_CACHE_TTL_MS: "60000",
        ASKCODE_CACHE_MAX_BYTES: "2097152",
        ASKCODE_MAX_FILE_BYTES: "4096",
        ASKCODE_SNAPSHOT_MAX_BYTES: "0",
        ASKCODE_INDEX_CACHE_MAX_BYTES: "0",
        ASKCODE_DERIVED_CACHE_MAX_BYTES: "0",
        ASKCODE_BLOB_CACHE_DIR: "/var/cache/askcode",
        ASKCODE_BLOB_CACHE_MAX_BYTES: "0",
        ASKCODE_MISSIONS_DIR: "/etc/askcode/missions",
        ASKCODE_ALLOWED_LINK_HOSTS: "Docs.Python.org, *.mozilla.org",
        ASKCODE_SHUTDOWN_GRACE_SECONDS: "50",
        ASKCODE_QUESTIONS_PER_USER_PER_HOUR: "5",
        ASKCODE_QUESTIONS_PER_REPOSITORY_PER_HOUR: "40",
        ASKCODE_TOKENS_PER_INSTALLATION_PER_DAY: "2000000",
        ASKCODE_MODEL_PRICES: "gpt-4o=2.5/10, qwen2.5-coder:32b=0/0",
        ASKCODE_TOKENS_PER_INSTALLATION_PER_MONTH: "30000000",
        ASKCODE_TOKENS_PER_REPOSITORY_PER_DAY: "500000",
        ASKCODE_TOKENS_PER_REPOSITORY_PER_MONTH: "8000000",
        REDIS_URL: "rediss://:secret@redis.internal:6380/2",
        ASKCODE_REDIS_CACHE_MAX_BODY_BYTES: "65536",
        ASKCODE_JOB_ATTEMPTS: "5",
        ASKCODE_JOB_BACKOFF_SECONDS: "30",
        ASKCODE_DATA_DIR: "/var/lib/askcode",
        ASKCODE_IN_CONTAINER: "1",
        HOST: "0.0.0.0",
        PORT: "8080",
        WEBHOOK_PATH: "/hooks",
        WEBHOOK_PROXY_URL: "https://smee.io/abc123",
        LOG_LEVEL: "debug",
        LOG_FORMAT: "json",
        GHE_HOST: "github.example.com:8443",
        GHE_PROTOCOL: "http",
      }),
    ).toStrictEqual({
      modelEndpoint: {
        apiKey: "sk-test",
        baseUrl: "https://llm.internal.example/v1",
      },
      model: "qwen2.5-coder:32b",
      contextWindow: 32768,
      maxRunTokens: 40000,
      handle: "codehelper",
      concurrency: 2,
      cpuThreads: 0,
      historyFillRequests: 0,
      cacheTtlMs: 60000,
      cacheMaxBytes: 2097152,
      maxFileBytes: 4096,
      snapshotMaxBytes: 0,
      indexCacheMaxBytes: 0,
      derivedCacheMaxBytes: 0,
      blobCache: { dir: "/var/cache/askcode", maxBytes: 0 },
      missionsDir: "/etc/askcode/missions",
      allowedLinkHosts: ["docs.python.org", "*.mozilla.org"],
      shutdownGraceSeconds: 50,
      questionLimits: { perUser: 5, perRepository: 40 },
      modelPrices: {
        "gpt-4o": { input: 2.5, output: 10 },
        "qwen2.5-coder:32b": { input: 0, output: 0 },
      },
      spendCeilings: {
        installationPerDay: 2_000_000,
        installationPerMonth: 30_000_000,
        repositoryPerDay: 500_000,
        repositoryPerMonth: 8_000_000,
      },
      redisUrl: "rediss://:secret@redis.internal:6380/2",
      redisCacheMaxBodyBytes: 65536,
      dataDir: "/var/lib/askcode",
      jobs: { attempts: 5, backoffMs: 30_000 },
      githubApiUrl: "http://github.example.com:8443/api/v3",
      inContainer: true,
      server: {
        host: "0.0.0.0",
        port: 8080,
        webhookPath: "/hooks",
        webhookProxyUrl: "https://smee.io/abc123",
      },
      log: { level: "debug", format: "json" },
      ownSecrets: [
        { label: "model API key", value: "sk-test" },
        { label: "Redis password", value: "secret" },
      ],
    });
  });

  it("knows askcode's own secrets by value, the key read from its file, the Redis password as written and decoded", () => {
    const pem =
      "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA1x\n-----END RSA PRIVATE KEY-----\n";
    const read: string[] = [];
    const config = loadOperatorConfig(
      {
        WEBHOOK_SECRET: " hook-s3cret-value ",
        PRIVATE_KEY_PATH: "/run/secrets/app.pem",
        REDIS_URL: "redis://:p%40ss-w0rd@redis:6379",
      },
      { readFile: (path) => (read.push(path), pem) },
    );
    expect(read).toStrictEqual(["/run/secrets/app.pem"]);
    expect(config.ownSecrets).toStrictEqual([
      { label: "webhook secret", value: "hook-s3cret-value" },
      { label: "private key", value: pem },
      { label: "Redis password", value: "p%40ss-w0rd" },
      { label: "Redis password", value: "p@ss-w0rd" },
    ]);
    // Without a way to read files, a key given by path is not known; one given by value is.
    expect(
      loadOperatorConfig({ PRIVATE_KEY_PATH: "/run/secrets/app.pem" })
        .ownSecrets,
    ).toStrictEqual([]);
    expect(loadOperatorConfig({ PRIVATE_KEY: pem }).ownSecrets).toStrictEqual([
      { label: "private key", value: pem.trim() },
    ]);
  });

  it("refuses a run-token ceiling below the smallest run budget, naming the variable", () => {
    expect(errorOf({ ASKCODE_MAX_RUN_TOKENS: "500" }).message).toContain(
      'ASKCODE_MAX_RUN_TOKENS="500" is not allowed: a whole number of tokens from 1000 to 10000000.',
    );
  });

  it("uses a model endpoint with a base URL and no key (a local server)", () => {
    expect(
      loadOperatorConfig({ OPENAI_BASE_URL: "http://localhost:11434/v1" })
        .modelEndpoint,
    ).toStrictEqual({ baseUrl: "http://localhost:11434/v1" });
  });

  it("writes JSON logs in production unless LOG_FORMAT says otherwise, as Probot does", () => {
    expect(loadOperatorConfig({ NODE_ENV: "production" }).log.format).toBe(
      "json",
    );
    expect(
      loadOperatorConfig({ NODE_ENV: "production", LOG_FORMAT: "pretty" }).log
        .format,
    ).toBe("pretty");
  });

  it("takes GitHub's API root from GHE_HOST as Probot does, or whole from GITHUB_API_URL (data residency, a proxy)", () => {
    expect(
      loadOperatorConfig({ GHE_HOST: "github.example.com" }).githubApiUrl,
    ).toBe("https://github.example.com/api/v3");
    expect(
      loadOperatorConfig({
        GHE_HOST: "github.example.com",
        GITHUB_API_URL: "https://api.octocorp.ghe.com/",
      }).githubApiUrl,
    ).toBe("https://api.octocorp.ghe.com");
  });

  it("listens on an IPv6 address too", () => {
    expect(loadOperatorConfig({ HOST: "::" }).server.host).toBe("::");
  });

  it("reads an empty value, as `KEY=` in .env, as unset", () => {
    expect(
      loadOperatorConfig({ OPENAI_API_KEY: "", ASKCODE_CONCURRENCY: " " }),
    ).toMatchObject({ modelEndpoint: undefined, concurrency: 4 });
  });

  it.each([
    ["ASKCODE_CONCURRENCY", "lots", "a whole number from 1 to 64"],
    ["ASKCODE_CONCURRENCY", "0", "a whole number from 1 to 64"],
    ["ASKCODE_CONCURRENCY", "2.5", "a whole number from 1 to 64"],
    [
      "ASKCODE_CONTEXT_WINDOW",
      "128k",
      "a whole number of tokens from 1024 to 10000000",
    ],
    [
      "ASKCODE_CACHE_TTL_MS",
      "-1",
      "a whole number of milliseconds from 0 to 86400000",
    ],
    [
      "ASKCODE_CACHE_MAX_BYTES",
      "1000",
      "a whole number of bytes from 1048576 to 17179869184",
    ],
    [
      "ASKCODE_MAX_FILE_BYTES",
      "1e6",
      "a whole number of bytes from 1024 to 104857600",
    ],
    [
      "ASKCODE_SNAPSHOT_MAX_BYTES",
      "lots",
      "a whole number of bytes from 0 to 2147483648",
    ],
    [
      "ASKCODE_INDEX_CACHE_MAX_BYTES",
      "512MB",
      "a whole number of bytes from 0 to 68719476736",
    ],
    [
      "ASKCODE_DERIVED_CACHE_MAX_BYTES",
      "1GB",
      "a whole number of bytes from 0 to 68719476736",
    ],
    [
      "ASKCODE_BLOB_CACHE_MAX_BYTES",
      "2GiB",
      "a whole number of bytes from 0 to 1099511627776",
    ],
    [
      "OPENAI_BASE_URL",
      "localhost:11434",
      "an http or https URL, such as https://api.openai.com/v1",
    ],
    [
      "OPENAI_BASE_URL",
      "ftp://models.example",
      "an http or https URL, such as https://api.openai.com/v1",
    ],
    [
      "ASKCODE_REDIS_CACHE_MAX_BODY_BYTES",
      "256KiB",
      "a whole number of bytes from 0 to 67108864",
    ],
    ["ASKCODE_JOB_ATTEMPTS", "0", "a whole number from 1 to 10"],
    ["ASKCODE_JOB_ATTEMPTS", "11", "a whole number from 1 to 10"],
    [
      "ASKCODE_JOB_BACKOFF_SECONDS",
      "10s",
      "a whole number of seconds from 1 to 3600",
    ],
    [
      "ASKCODE_SHUTDOWN_GRACE_SECONDS",
      "25s",
      "a whole number of seconds from 0 to 3600",
    ],
    [
      "ASKCODE_ALLOWED_LINK_HOSTS",
      "https://docs.python.org/3/",
      "host names separated by commas, such as docs.python.org,*.mozilla.org",
    ],
    [
      "ASKCODE_ALLOWED_LINK_HOSTS",
      "docs.python.org;evil.test",
      "host names separated by commas, such as docs.python.org,*.mozilla.org",
    ],
    [
      "ASKCODE_ALLOWED_LINK_HOSTS",
      "*",
      "host names separated by commas, such as docs.python.org,*.mozilla.org",
    ],
    ["PORT", "http", "a whole number from 0 to 65535"],
    ["PORT", "70000", "a whole number from 0 to 65535"],
    [
      "HOST",
      "http://0.0.0.0",
      "a host name or IP address to listen on, such as 0.0.0.0",
    ],
    [
      "LOG_LEVEL",
      "verbose",
      "one of trace, debug, info, warn, error, fatal, silent",
    ],
    ["LOG_FORMAT", "text", "json or pretty"],
    [
      "GHE_HOST",
      "https://github.example.com",
      "a host name with an optional port, such as github.example.com",
    ],
    ["GHE_PROTOCOL", "ftp", "https or http"],
    [
      "ASKCODE_QUESTIONS_PER_USER_PER_HOUR",
      "0",
      "a whole number of questions from 1 to 100000",
    ],
    [
      "GITHUB_API_URL",
      "api.octocorp.ghe.com",
      "an http or https URL, such as https://api.octocorp.ghe.com",
    ],
    [
      "WEBHOOK_PATH",
      "api/github/webhooks",
      "a URL path starting with /, such as /api/github/webhooks",
    ],
    [
      "ASKCODE_HANDLE",
      "ask code",
      "a GitHub user or app name such as askcode (a leading @ is fine)",
    ],
  ])("names %s=%s and what it allows", (name, value, allowed) => {
    const error = errorOf({ [name]: value });
    expect(error.message).toBe(
      [
        "askcode cannot start: an environment variable is wrong.",
        `  ${name}=${JSON.stringify(value)} is not allowed: ${allowed}.`,
        "Fix them in .env (see .env.example) or the environment, then start again.",
      ].join("\n"),
    );
  });

  it.each(["http://redis.internal:6379", "redis.internal:6379"])(
    "names REDIS_URL=%s without echoing it (it may hold a password)",
    (value) => {
      expect(errorOf({ REDIS_URL: value }).message).toContain(
        "  REDIS_URL is not allowed: a redis:// or rediss:// URL, such as redis://:password@redis.internal:6379/0.",
      );
    },
  );

  it("names every wrong variable at once", () => {
    expect(
      errorOf({ ASKCODE_CONCURRENCY: "x", ASKCODE_CONTEXT_WINDOW: "y" })
        .message,
    ).toMatch(
      /^askcode cannot start: 2 environment variables are wrong\.\n {2}ASKCODE_CONTEXT_WINDOW="y" .*\n {2}ASKCODE_CONCURRENCY="x" /,
    );
  });
});

describe(".env.example", () => {
  // Each variable is a line `NAME=value`, or `# NAME=value` when the example
  // leaves it unset (the value shown is the default).
  const lines = readFileSync(
    new URL("../../../.env.example", import.meta.url),
    "utf8",
  )
    .split("\n")
    .flatMap((line) => {
      const match = /^(# )?([A-Z_]+)=(.*)$/.exec(line);
      return match
        ? [{ set: !match[1], name: match[2]!, value: match[3]! }]
        : [];
    });
  const example = Object.fromEntries(
    lines.map(({ name, value }) => [name, value]),
  ) as Record<string, string>;

  it("lists every variable askcode reads, but the one its image sets", () => {
    expect(Object.keys(example)).toStrictEqual(
      expect.arrayContaining(
        Object.keys(operatorEnvSchema.shape).filter(
          (name) => name !== "ASKCODE_IN_CONTAINER",
        ),
      ),
    );
  });

  it("sets only the credentials to fill in, so `docker run --env-file` erases none of the image's settings", () => {
    expect(
      lines.filter((line) => line.set).map((line) => line.name),
    ).toStrictEqual(["APP_ID", "WEBHOOK_SECRET"]);
  });

  it("is a valid environment as it stands, with the defaults' values", () => {
    expect(loadOperatorConfig(example)).toStrictEqual(loadOperatorConfig({}));
    expect(unknownOperatorVariables(example)).toStrictEqual([]);
  });
});

describe("unknownOperatorVariables", () => {
  it("names misspelt ASKCODE_ variables with the one meant, and leaves others alone", () => {
    expect(
      unknownOperatorVariables({
        ASKCODE_CONCURENCY: "8",
        ASKCODE_SOMETHING: "x",
        PATH: "/usr/bin",
        ASKCODE_MODEL: "gpt-4o",
      }),
    ).toStrictEqual([
      "ASKCODE_CONCURENCY is not an askcode setting; did you mean ASKCODE_CONCURRENCY?",
      "ASKCODE_SOMETHING is not an askcode setting.",
    ]);
  });
});
