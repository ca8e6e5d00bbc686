// Layering of src/, checked by `npm run lint:layers` (and by .ci/run).
//
// The tiers read as the path of one question, top to bottom: a webhook is
// screened, queued as a job, run, answered in its conversation from what
// retrieval read through the code host. Inside a tier the folders are in order
// too, top to bottom, and each states the folders it may import (as VS Code's
// `code-layering` rules list, per layer, what it may import): only folders
// listed after it, on its tier or below. So no folder imports one above it,
// and no two folders import each other, on one tier or at any depth.
// docs/architecture/overview.md has the map and the reason for each.
//
// The lists are today's imports, not every folder below: a new edge is a
// decision, made here by adding one name (this file refuses to load if the
// name sits above the folder), and the rule's message says what to do first.
//
// Every import counts, type-only ones included: dependency-cruiser tells them
// apart (with tsPreCompilationDeps it marks `import type` as "type-only"), but
// a type import still ties the importer to the folder that owns the type, and
// that is the edge the layering keeps pointing down. The same goes for
// cycles: two files joined by a type-only cycle still cannot be understood or
// moved apart, so no-circular counts them too.

/** What to do about an import a folder's list does not allow, after what its entry says. */
const MOVE_IT_DOWN =
  "move what both need down to a folder both may import, or have the composition root pass it in; if the edge is right, add the folder to this list (it must sit below)";

/**
 * Tiers, top to bottom; in each, folders top to bottom. `may` lists the
 * folders of src/ a folder imports (besides its own files); `instead`, where
 * what it would import belongs, said before MOVE_IT_DOWN.
 */
const LAYERS = [
  // The composition roots: the server, the CLI (with `askcode mcp`), the
  // GitHub Action (one question from the runner's event, no queue) and the
  // Probot app function (src/index.ts); compose/ holds the factories they share (every durable
  // store on the chosen backend, caches, the installation's clients and code
  // host with its metrics, the 👎 count that ties a store to a metric, the
  // token counters, the question runner the queue is handed, the push watch).
  [
    {
      folder: "server",
      may: [
        "index.ts",
        "jobs",
        "conversation",
        "config",
        "code-host",
        "shared",
      ],
    },
    {
      folder: "cli",
      may: [
        "mcp",
        "compose",
        "run",
        "worker-threads",
        "tools",
        "answer",
        "question",
        "config",
        "eval",
        "retrieval",
        "code-host",
        "cache",
        "tokens",
        "text",
        "shared",
      ],
    },
    // mcp/ is the MCP server's tools and transport over a session its
    // composition root (cli/run-mcp.ts, `askcode mcp`) builds from the CLI's
    // caches and retrieval: the tools read through what they are handed.
    {
      folder: "mcp",
      may: ["tools", "config", "retrieval", "code-host", "tokens"],
      instead:
        "the MCP tools read through the session they are handed: have the composition root (cli/run-mcp.ts) put what they need in CheckoutSession",
    },
    {
      folder: "action",
      may: [
        "compose",
        "webhooks",
        "run",
        "conversation",
        "answer-records",
        "question",
        "missions",
        "config",
        "answer",
        "metrics",
        "shared",
      ],
      instead:
        "action/ is a composition root over compose/'s factories and the App's run: what it would need from elsewhere is a factory compose/ should offer both roots",
    },
    {
      folder: "index.ts",
      may: [
        "compose",
        "webhooks",
        "watch",
        "jobs",
        "conversation",
        "worker-threads",
        "missions",
        "config",
        "code-host",
        "metrics",
        "shared",
      ],
    },
    {
      folder: "compose",
      may: [
        "run",
        "watch",
        "conversation",
        "question",
        "jobs",
        "storage",
        "worker-threads",
        "agent",
        "missions",
        "config",
        "retrieval",
        "code-host",
        "cache",
        "tokens",
        "metrics",
        "shared",
      ],
      instead:
        "compose/ holds the factories the roots build their parts with, each root calling the ones it needs; a root's own choices (its options, the order it builds in) stay in that root",
    },
  ],
  // webhooks/ also parses a payload into issue-shaped facts as plain data
  // (trigger-facts.ts and the review-comment and discussion triggers); the
  // decisions on them are question/'s.
  [
    {
      folder: "webhooks",
      may: ["jobs", "watch", "question", "missions", "metrics"],
      instead:
        "the webhook's edge parses, screens and enqueues, without a request to GitHub: leave the work to the job's runner, which the composition root hands the queue, and a decision on the parsed facts to question/",
    },
  ],
  // watch/ checks a push against the answers kept, as run/ answers a question.
  [
    {
      folder: "run",
      may: [
        "jobs",
        "conversation",
        "answer-records",
        "limits",
        "storage",
        "question",
        "worker-threads",
        "agent",
        "missions",
        "config",
        "tools",
        "answer",
        "retrieval",
        "code-host",
        "policy",
        "tokens",
        "metrics",
        "text",
        "shared",
      ],
    },
    {
      folder: "watch",
      may: ["storage", "answer", "code-host", "shared"],
    },
  ],
  // jobs/ holds the queue's contract (job-queue.ts) and its backends: the
  // webhook's edge enqueues and run/ reads the attempt it runs as, so it sits
  // below both, though it never imports run/: the composition root hands it
  // the runner.
  [
    {
      folder: "jobs",
      may: ["storage", "question", "metrics", "shared"],
      instead:
        "the queue knows jobs, not what running them does: have the composition root hand it the runner",
    },
  ],
  [
    {
      folder: "conversation",
      may: ["question", "answer", "code-host", "policy", "shared"],
      instead:
        "conversation/ reads and writes the place a question was asked; deciding what to post is run/'s, which passes it in",
    },
  ],
  [
    // answer-records/ builds the record of each answer and finds earlier
    // ones, for the staleness watch and "answered before", and scores
    // earlier issues against a question with retrieval's query analysis.
    {
      folder: "answer-records",
      may: ["storage", "answer", "retrieval", "code-host", "text", "shared"],
    },
    {
      folder: "limits",
      may: ["storage", "question", "config", "metrics", "shared"],
    },
    // storage/ holds every durable contract beside its SQLite and Redis
    // implementations (one subfolder each), the embedded store's one schema
    // and the connections. It sits above question/ because what it keeps is
    // the question's data (a job's trigger, an answer's place), and below
    // every folder that keeps something; the Redis response store implements
    // cache/'s contract, which the cache far below reads through.
    {
      folder: "storage",
      may: ["question", "cache", "shared"],
      instead:
        "storage/ keeps and reads back what it is handed: a decision on what it holds belongs to the folder that uses the store (limits/, jobs/, answer-records/)",
    },
    // worker-threads/ runs CPU work of policy/, retrieval/ and answer/ on
    // threads (cpu-tasks.ts calls renderAnswerComment): it sits above what it
    // runs.
    {
      folder: "worker-threads",
      may: ["answer", "retrieval", "policy"],
    },
    {
      folder: "agent",
      may: [
        "tools",
        "question",
        "config",
        "code-host",
        "tokens",
        "metrics",
        "text",
        "shared",
      ],
      instead:
        "the model loop renders the facts it is handed and reads code only through its tools: have run/ pass the rest in",
    },
    {
      folder: "tools",
      may: ["code-host", "policy", "tokens", "text", "shared"],
      instead:
        "a tool reads through the code host and policy it is bound to: pass anything else into the tool's factory",
    },
    {
      folder: "answer",
      may: [
        "question",
        "missions",
        "config",
        "retrieval",
        "code-host",
        "policy",
        "text",
        "shared",
      ],
      instead:
        "answer/ grounds and renders; what keeps or reads answers back (answer-records/, conversation/) imports it, never the reverse",
    },
    // question/ is the question's data (its thread, its commit and budgets,
    // the kinds of failure) and the decisions on it: agent/ renders the
    // thread and answer/ the failure it is handed, so it sits below both.
    {
      folder: "question",
      may: ["missions", "config", "code-host", "text", "shared"],
      instead:
        "question/ is plain data and checks that need no I/O, read by webhooks/, jobs/, run/, conversation/, agent/ and answer/: pass a client's result in rather than reach for it",
    },
    {
      folder: "missions",
      may: ["config", "shared"],
    },
    {
      folder: "config",
      may: ["code-host", "policy", "shared"],
      instead:
        "config/ is the schemas and their reading; agent/ reads its budgets, so the run's cost arithmetic the budgets are checked with lives here (tokens-for-steps.ts), not in agent/",
    },
  ],
  // eval/ measures retrieval (askcode eval, the benchmarks): it runs
  // retrieval/ through code-host/ and nothing on its tier imports it.
  [
    {
      folder: "eval",
      may: ["retrieval", "code-host", "tokens", "text"],
    },
    {
      folder: "retrieval",
      may: ["code-host", "cache", "policy", "tokens", "text", "shared"],
    },
    {
      folder: "code-host",
      may: ["cache", "policy", "text", "shared"],
      instead:
        "retrieval/ reads through code-host/, so code-host/ knows nothing of it: what both need, such as the file filters, lives lower (policy/)",
    },
    {
      folder: "cache",
      may: ["shared"],
      instead:
        "cache/ stores bytes and responses, knowing neither code-host/ nor retrieval/: composing caches for them (create-read-caches) belongs to compose/",
    },
    {
      folder: "policy",
      may: ["text", "shared"],
      instead:
        "policy/ (secrets, links, which files are read) is what code-host/, retrieval/, tools/ and answer/ all apply: it stays pure, importing only text/ and shared/",
    },
    { folder: "tokens", may: ["shared"] },
  ],
  // The ground floor: what every stage may need, importing nothing above.
  [
    {
      folder: "metrics",
      may: ["shared"],
      instead:
        "metrics/ counts what others report through what they are handed: never import orchestration or the stages it counts",
    },
    {
      folder: "text",
      may: [],
      instead:
        "text/ is a leaf (language and word knowledge): move what it would need into it, or keep that knowledge where it is used",
    },
    {
      folder: "shared",
      may: [],
      instead:
        "shared/ is a leaf with no domain logic: move what it would need into it only if every stage needs it, otherwise keep it where it is used",
    },
  ],
];

/** `^src/(a|b)/` for folders, `^src/x\.ts$` for a file at the top of src/. */
function pathOf(names) {
  const folders = names.filter((n) => !n.endsWith(".ts"));
  const files = names.filter((n) => n.endsWith(".ts"));
  const parts = [];
  if (folders.length) parts.push(`^src/(${folders.join("|")})/`);
  for (const f of files) parts.push(`^src/${f.replace(/\./g, "\\.")}$`);
  return parts.join("|");
}

const ORDER = LAYERS.flat();
const ALL = ORDER.map((entry) => entry.folder);

// A list that names a folder above its owner (or itself, or a folder with no
// entry) would allow a back edge or a cycle: refuse to load rather than check
// a layering that does not hold.
ORDER.forEach(({ folder, may }, index) => {
  if (ALL.indexOf(folder) !== index)
    throw new Error(
      `.dependency-cruiser.cjs: ${folder} has two entries in LAYERS; keep one.`,
    );
  const below = ALL.slice(index + 1);
  for (const name of may) {
    if (!below.includes(name))
      throw new Error(
        `.dependency-cruiser.cjs: ${folder} may import ${name}, but ${name} ${ALL.includes(name) ? "is not listed below it" : "has no entry"} in LAYERS; move ${name} below ${folder} or drop it from the list.`,
      );
  }
});

/** One rule per folder: it imports its own files and the folders on its list, nothing else of src/. */
const allowRules = LAYERS.flatMap((tier, level) =>
  tier.map(({ folder, may, instead }) => ({
    name: `allow-${folder.replace(/\.ts$/, "")}`,
    comment: `${folder} (tier ${level}) may import ${may.length ? `only ${may.join(", ")}` : "no other folder of src/"}. ${instead ? `${instead}; otherwise ` : "Instead, "}${MOVE_IT_DOWN}.`,
    severity: "error",
    from: { path: pathOf([folder]) },
    to: { path: "^src/", pathNot: pathOf([folder, ...may]) },
  })),
);

const rules = [
  {
    name: "no-circular",
    comment:
      "No import cycle between files, type-only imports included (see the top of this file), in src/ and in the tests, benches and scripts around it.",
    severity: "error",
    from: {},
    to: { circular: true },
  },
  {
    name: "no-folder-cycle",
    comment:
      "No two folders of src/ need each other, at any depth (two folders of one tier, or two subfolders of retrieval/, included): one of them should not know the other.",
    severity: "error",
    scope: "folder",
    from: { path: "^src/" },
    to: { circular: true },
  },
  {
    name: "not-to-unresolvable",
    comment:
      "A relative import the cruiser cannot resolve is an edge no other rule sees (a stale path after a move, say).",
    severity: "error",
    from: { path: "^src/" },
    // Relative imports only: type-only packages (`mdast`, from @types/mdast) have no file to resolve to.
    to: { couldNotResolve: true, path: "^\\.\\.?/" },
  },
  {
    name: "unplaced-folder",
    comment:
      "Every top-level entry of src/ has a tier in .dependency-cruiser.cjs: place a new folder before using it.",
    severity: "error",
    from: { path: "^src/", pathNot: pathOf(ALL) },
    to: {},
  },
  ...allowRules,
];

module.exports = {
  forbidden: rules,
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.d\\.ts$" },
    // Keep `import type` edges (marked "type-only") in the graph.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    parser: "tsc",
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".js", ".json"],
    },
  },
};
