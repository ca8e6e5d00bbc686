import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { openMcpSession } from "../../../src/cli/open-mcp-session.js";
import { openCliCaches } from "../../../src/cli/open-cli-caches.js";
import { createLocalCodeHost } from "../../../src/code-host/local/local-code-host.js";
import { startCheckoutReads } from "../../../src/code-host/local/start-checkout-reads.js";
import { runIndex } from "../../../src/cli/run-index.js";
import type { CheckoutSession } from "../../../src/mcp/checkout-session.js";
import { mapTool } from "../../../src/mcp/map-tool.js";
import { redactShownText } from "../../../src/mcp/redact-shown-text.js";
import { FAKE } from "../../helpers/fake-secrets.js";
import {
  commitAll,
  git,
  initRepo,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../../helpers/temp-repo.js";
import {
  HANDLER_QUESTION,
  TWELVE_HANDLERS,
  TWO_STAGES,
} from "../../helpers/twelve-handlers.js";

// A checkout of twelve handlers and an empty cache directory, for each test.
let repo: string;
let cacheDir: string;
beforeEach(() => {
  repo = initRepo();
  cacheDir = makeTempDir();
  writeFiles(repo, TWELVE_HANDLERS);
  commitAll(repo, "first");
});
afterEach(() => {
  removeDir(repo);
  removeDir(cacheDir);
});

describe("openMcpSession: askcode mcp's calls over askcode ask's work", () => {
  let started: Array<{ repo: string; ref?: string; cacheDir: string }>;
  let session: CheckoutSession;
  beforeEach(async () => {
    started = [];
    session = await openMcpSession(
      { repo, model: "gpt-4o", cacheDir },
      {
        questionLimits: TWO_STAGES,
        startBackgroundIndex: (checkout) => started.push(checkout),
      },
    );
  });

  const ask = (question = HANDLER_QUESTION) =>
    session.withCheckout(
      async (view) => (await session.ask(view, question, 12_000)).text,
    );

  it("starts the whole index in the background at a first question answered from a partial index, as askcode ask does", async () => {
    const first = await ask();
    expect(first).toContain("Partial index: 11 of 12 files");
    expect(started).toEqual([{ repo, cacheDir }]);

    // The background index's work, done here; the next call reads it from the cache directory.
    await runIndex(
      { repo, cacheDir, quiet: true },
      { stdout: { write: () => true } },
    );
    const warm = await ask();
    expect(warm).not.toContain("Partial index");
    expect(warm).toMatch(/^1\. pkg\/module_7\.py:1-2/m);
  });

  it("reads the checkout as it is at each call: an edit between calls is seen", async () => {
    await session.withCheckout((view) => session.index(view));
    writeFiles(repo, {
      "pkg/module_3.py": "def renamed_handler(request):\n    return None\n",
    });
    expect(await ask("where is renamed_handler?")).toMatch(
      /^1\. pkg\/module_3\.py:1-2 +\(declares renamed_handler\)/m,
    );
  });

  it("sees an edit, a new file and a deleted one between two calls made before the whole index lands", async () => {
    expect(await ask()).toContain("Partial index: 11 of 12 files");
    writeFiles(repo, {
      "pkg/module_3.py": "def renamed_handler(request):\n    return None\n",
      "pkg/added.py": "def added_handler(request):\n    return 12\n",
    });
    rmSync(path.join(repo, "pkg/module_5.py"));
    const second = await ask("where are renamed_handler and added_handler?");
    // Still partial (the background index never ran), on what the memo kept.
    expect(second).toContain("Partial index");
    expect(second).toMatch(
      /pkg\/module_3\.py:1-2 +\(declares renamed_handler\)/,
    );
    expect(second).toMatch(/pkg\/added\.py:1-2 +\(declares added_handler\)/);
    const removed = await ask("handler_5 reads the wrong page_5");
    expect(removed).not.toContain("pkg/module_5.py");
  });

  it("answers a second question before the whole index lands from the first's stages, its own file's tree added", async () => {
    const other = "handler_5 reads the wrong page_5 from the request";
    const first = await ask();
    expect(first).toContain("Partial index: 11 of 12 files");
    // Asked first, it too parses one file; asked second, its file is added to the first's.
    const second = await ask(other);
    expect(second).toContain("Partial index: 10 of 12 files");
    expect(second).toMatch(/^1\. pkg\/module_5\.py:1-2/m);
    // The first question again: no file to add, the same index.
    const again = await ask();
    expect(again).toContain("Partial index: 10 of 12 files");
    expect(again).toMatch(/^1\. pkg\/module_7\.py:1-2/m);

    // Once the whole index is kept, it answers.
    await runIndex(
      { repo, cacheDir, quiet: true },
      { stdout: { write: () => true } },
    );
    expect(await ask(other)).not.toContain("Partial index");
  });

  it("warm() holds the index kept for the tree as it is, so that the first call loads none from disk", async () => {
    // Kept snapshots need a build id, which the sources run without.
    const openCaches = (dir: string) =>
      openCliCaches(dir, { buildId: "test-build", log: { warn: () => {} } });
    const indexing = await openMcpSession(
      { repo, model: "gpt-4o", cacheDir },
      { openCaches },
    );
    await indexing.withCheckout((view) => indexing.index(view));

    const asked: string[] = [];
    const counted = await openMcpSession(
      { repo, model: "gpt-4o", cacheDir },
      {
        questionLimits: TWO_STAGES,
        startBackgroundIndex: (checkout) => started.push(checkout),
        openCaches: async (dir) => {
          const caches = await openCaches(dir);
          const kept = caches.snapshots!;
          const counting = { ...kept };
          for (const name of ["get", "getByListing", "getByTree"] as const)
            Object.assign(counting, {
              [name]: (...args: unknown[]) => {
                asked.push(name);
                return (kept[name] as (...a: unknown[]) => unknown)(...args);
              },
            });
          return { ...caches, snapshots: counting };
        },
      },
    );
    await counted.warm();
    expect(asked).toEqual(["getByTree"]);
    const answer = await counted.withCheckout(
      async (view) => (await counted.ask(view, HANDLER_QUESTION, 12_000)).text,
    );
    expect(asked).toEqual(["getByTree"]);
    expect(answer).not.toContain("Partial index");
    expect(answer).toMatch(/^1\. pkg\/module_7\.py:1-2/m);
    expect(started).toEqual([]);
  });
});

describe("openMcpSession: git's first answers asked before it loaded", () => {
  it("takes them for its first look at the checkout only, and asks git anew at the next call", async () => {
    const first = git(repo, "rev-parse", "HEAD");
    // As runMcp asks them while retrieval's modules load; the checkout
    // moves on before the session opens.
    const early = startCheckoutReads(repo);
    await early.head;
    writeFiles(repo, { "pkg/later.py": "def later():\n    return 1\n" });
    const second = commitAll(repo, "later");
    const session = await openMcpSession(
      { repo, model: "gpt-4o", cacheDir },
      { startBackgroundIndex: () => {} },
      early,
    );
    const sha = () => session.withCheckout(async (view) => view.resolved.sha);

    expect(await sha()).toBe(first);
    expect(await sha()).toBe(second);
  });
});

describe("openMcpSession: a new process's first ask on a kept index", () => {
  // Kept snapshots need a build id, which the sources run without.
  const openCaches = (dir: string) =>
    openCliCaches(dir, { buildId: "test-build", log: { warn: () => {} } });
  const SECRET_MODULE = {
    "pkg/module_7.py": `def handler_7(request):\n    stripe_key = "${FAKE.stripeSecret}"\n    return request.args.get("page_7")\n`,
  };
  // The files the checkout's readers were asked for, and their listings.
  let diskReads: string[];
  const countingHost: typeof createLocalCodeHost = (options) => {
    const host = createLocalCodeHost(options);
    return {
      ...host,
      at: (sha) => {
        const reader = host.at(sha);
        return {
          ...reader,
          readFile: (path, range) => {
            diskReads.push(path);
            return reader.readFile(path, range);
          },
          listTree: () => {
            diskReads.push("(listing)");
            return reader.listTree();
          },
        };
      },
    };
  };
  const newProcess = () =>
    openMcpSession(
      { repo, model: "gpt-4o", cacheDir },
      {
        openCaches,
        createLocalCodeHost: countingHost,
        startBackgroundIndex: () => {},
        redactionVersion: () => "test-rules",
      },
    );
  const askTool = async (session: Awaited<ReturnType<typeof newProcess>>) => {
    await session.warm();
    return session.withCheckout(async (view) => {
      const { text, shown, readers } = await session.ask(
        view,
        HANDLER_QUESTION,
        12_000,
      );
      return redactShownText(text, shown, readers);
    });
  };
  beforeEach(async () => {
    diskReads = [];
    // Committed: git vouches for an unchanged file at once, where a stamp
    // of an edit is trusted only once it is a few seconds old.
    writeFiles(repo, SECRET_MODULE);
    commitAll(repo, "a secret");
    const indexing = await openMcpSession(
      { repo, model: "gpt-4o", cacheDir },
      { openCaches },
    );
    await indexing.withCheckout((view) => indexing.index(view));
  });

  it("reads no file from disk, as askcode ask, and redacts the secret the index's text shows", async () => {
    const answer = await askTool(await newProcess());

    expect(diskReads).toEqual([]);
    expect(answer).toMatch(/^1\. pkg\/module_7\.py/m);
    expect(answer).toContain('stripe_key = "REDACTED');
    expect(answer).not.toContain(FAKE.stripeSecret);
  });

  it("maps from the index's texts too: a new process's first map reads no file from disk", async () => {
    const session = await newProcess();
    await session.warm();
    const result = await mapTool(session).run({ path: "pkg/" });

    expect(diskReads).toEqual([]);
    expect(JSON.stringify(result.content)).toContain(
      "pkg/module_7.py:1: def handler_7(request):",
    );
  });

  it("sees a file changed since the index was kept, its new secret redacted", async () => {
    writeFiles(repo, {
      "pkg/module_7.py": `def handler_7(request):\n    token = "${FAKE.stripeSecret}"\n    return request.args.get("page_7")\n`,
    });
    const answer = await askTool(await newProcess());

    expect(answer).toContain('token = "REDACTED');
    expect(answer).not.toContain("stripe_key");
    expect(answer).not.toContain(FAKE.stripeSecret);
  });
});

describe("openMcpSession: what redaction found kept in the cache directory", () => {
  // A server process: its own session on the shared cache directory.
  const open = () =>
    openMcpSession(
      { repo, model: "gpt-4o", cacheDir },
      {
        startBackgroundIndex: () => {},
        redactionVersion: () => "test-rules",
      },
    );
  // What the ask tool sends back (`askTool`): the answer, its shown lines redacted.
  const ask = (session: CheckoutSession, question: string) =>
    session.withCheckout(async (view) => {
      const { text, shown, readers } = await session.ask(
        view,
        question,
        12_000,
      );
      return redactShownText(text, shown, readers);
    });
  const keptFile = () =>
    readdirSync(cacheDir).find((name) => name.startsWith("redactions-"));

  it("keeps what redaction made of files, and still redacts a secret planted in one of them since", async () => {
    const first = await open();
    expect(await ask(first, HANDLER_QUESTION)).toContain(
      'return request.args.get("page_7")',
    );
    const kept = readFileSync(path.join(cacheDir, keptFile()!), "utf8");
    expect(kept).toContain(" pkg/module_7.py");

    writeFiles(repo, {
      "pkg/module_7.py": `def handler_7(request):\n    stripe_key = "${FAKE.stripeSecret}"\n    return request.args.get("page_7")\n`,
    });
    const second = await open();
    const answer = await ask(second, HANDLER_QUESTION);

    expect(answer).toMatch(/^1\. pkg\/module_7\.py/m);
    expect(answer).toContain('stripe_key = "REDACTED');
    expect(answer).not.toContain(FAKE.stripeSecret);
    // A file with a secret is kept as where its marker goes: never the
    // secret, nor the text around it.
    const after = readFileSync(path.join(cacheDir, keptFile()!), "utf8");
    expect(after).not.toContain(FAKE.stripeSecret);
    expect(after).not.toContain("stripe_key");
    expect(after.match(/ pkg\/module_7\.py"/g)).toHaveLength(2);
    expect(after).toMatch(
      / pkg\/module_7\.py",\[\[1,\d+,\d+,"REDACTED_\w+"\]\]/,
    );
  });

  it("serves a new process the finding of an earlier one for the same file", async () => {
    // The answer but the time it took.
    const untimed = (text: string) => text.replace(/^Read \d+ files.*$/m, "");
    const first = await open();
    const before = untimed(await ask(first, HANDLER_QUESTION));
    const second = await open();

    expect(untimed(await ask(second, HANDLER_QUESTION))).toBe(before);
  });
});
