// Layering of src/, checked by `npm run lint:layers` (and by .ci/run).
//
// The tiers read as the path of one question, top to bottom: a webhook is
// screened, queued as a job, run, answered in its conversation from what
// retrieval read through the code host. A folder may import its own files,
// folders on its own tier and folders on any tier below it; never a tier
// above; and no two folders import each other, on one tier or at any depth.
// docs/architecture/overview.md has the map and the reason for each.
//
// Every import counts, type-only ones included: dependency-cruiser tells them
// apart (with tsPreCompilationDeps it marks `import type` as "type-only"), but
// a type import still ties the importer to the folder that owns the type, and
// that is the edge the layering keeps pointing down. The same goes for
// cycles: two files joined by a type-only cycle still cannot be understood or
// moved apart, so no-circular counts them too.

/** Tiers, top to bottom. */
const LAYERS = [
  // The composition roots: the Probot app function (src/index.ts), the CLI
  // and the server; compose/ holds the factories they share (caches, the
  // installation's code host with its metrics).
  ["cli", "server", "compose", "index.ts"],
  ["webhooks"],
  ["trigger"],
  ["jobs"],
  // watch/ checks a push against the answers kept, as run/ answers a question.
  ["run", "watch"],
  ["conversation"],
  [
    "agent",
    "tools",
    "answer",
    "missions",
    "config",
    "limits",
    "question",
    // answer-records/ keeps what each answer cited, for the staleness watch
    // and "answered before".
    "answer-records",
    // worker-threads/ runs CPU work of policy/, retrieval/ and answer/ on
    // threads (cpu-tasks.ts calls renderAnswerComment): it sits above what it
    // runs.
    "worker-threads",
  ],
  // redis/ (connection and outage reporting) is storage plumbing like sqlite/.
  // eval/ measures retrieval (askcode eval, the benchmarks): it runs
  // retrieval/ through code-host/ and nothing on its tier imports it.
  [
    "retrieval",
    "code-host",
    "cache",
    "policy",
    "sqlite",
    "tokens",
    "redis",
    "eval",
  ],
  // The ground floor: what every stage may need, importing nothing above.
  ["metrics", "text", "shared"],
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

const ALL = LAYERS.flat();

// The ground floor has stricter rules of its own below (no layer-* duplicate).
const LEAVES = ["metrics", "text", "shared"];

/** One rule per folder: nothing from the tiers above it. */
const layerRules = LAYERS.flatMap((tier, level) => {
  const above = LAYERS.slice(0, level).flat();
  if (above.length === 0) return [];
  return tier
    .filter((name) => !LEAVES.includes(name))
    .map((name) => ({
      name: `layer-${name.replace(/\.ts$/, "")}`,
      comment: `${name} is on tier ${level} (${tier.join(", ")}); it must not import the tiers above it: ${above.join(", ")}.`,
      severity: "error",
      from: { path: pathOf([name]) },
      to: { path: pathOf(above) },
    }));
});

/** Files at the bottom import nothing else from src/. */
const leafRules = ["text", "shared"].map((name) => ({
  name: `leaf-${name}`,
  comment: `${name}/ is a leaf: it imports no other folder of src/.`,
  severity: "error",
  from: { path: `^src/${name}/` },
  to: { path: "^src/", pathNot: `^src/${name}/` },
}));

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
  ...layerRules,
  ...leafRules,
  {
    name: "leaf-metrics",
    comment:
      "metrics/ counts what others report through what they are handed: besides itself it imports only the ground floor (text/, shared/), never orchestration or the stages it counts.",
    severity: "error",
    from: { path: "^src/metrics/" },
    to: { path: "^src/", pathNot: "^src/(metrics|text|shared)/" },
  },
  {
    name: "code-host-below-retrieval",
    comment:
      "retrieval/ reads through code-host/, so code-host/ imports nothing from retrieval/ (what both need, such as the file filters, lives lower: policy/).",
    severity: "error",
    from: { path: "^src/code-host/" },
    to: { path: "^src/retrieval/" },
  },
  {
    name: "policy-is-ground",
    comment:
      "policy/ (secrets, links, which files are read) is what code-host/, retrieval/ and worker-threads/ all use: it imports none of its tier's other folders, only text/ and shared/.",
    severity: "error",
    from: { path: "^src/policy/" },
    to: {
      path: "^src/(retrieval|code-host|cache|sqlite|tokens|redis)/",
    },
  },
  {
    name: "cache-is-storage",
    comment:
      "cache/ stores bytes and responses; it does not know code-host/ or retrieval/. Composing caches for them (create-read-caches) belongs to the composition root.",
    severity: "error",
    from: { path: "^src/cache/" },
    to: { path: "^src/(code-host|retrieval)/" },
  },
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
