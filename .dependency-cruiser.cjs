// Layering of src/ (issue h21), checked by `npm run lint:layers`.
//
// A folder may import its own files, folders on its own tier and folders on
// any tier below it; never a tier above. Every import counts, type-only ones
// included: dependency-cruiser does tell them apart (with
// tsPreCompilationDeps it marks `import type` and all-`type` specifier lists
// as "type-only"), but a type import still ties the importer to the folder
// that owns the type, and it is exactly the kind of edge the layering is
// meant to keep pointing down. The same goes for cycles: a cycle closed by a
// type-only edge is still two files that cannot be understood or moved
// apart, so no-circular counts them too (LAYERING-REPORT.md says which
// cycles are type-only).
//
// The order is the one the issue gives, top to bottom. `LAYERS_ORDER=imports`
// selects the order the imports actually follow for webhooks/trigger/jobs/run
// (run consumes job payloads and trigger decisions, so it sits above jobs and
// trigger): see LAYERING-REPORT.md, "Does not fit".

/** Tiers, top to bottom, as the issue gives them. */
const AS_SPECIFIED = [
  // The composition root: the Probot app function (src/index.ts), the CLI and
  // the server; compose/ (planned) holds the factories they share.
  ["cli", "server", "compose", "index.ts"],
  ["webhooks"],
  ["trigger"],
  ["jobs"],
  ["run"],
  // Planned by the issue: GitHub conversation reading and writing, below run.
  ["conversation"],
  // question/ exists only in LAYERING-REPORT.md's plan B (this order kept as is).
  [
    "agent",
    "tools",
    "answer",
    "missions",
    "config",
    "limits",
    "metrics",
    "question",
    // worker-threads/ runs CPU work of policy/, retrieval/ and answer/ on
    // threads (cpu-tasks.ts calls renderAnswerComment): it sits above what it
    // runs. Only run/, cli/ and index.ts import it.
    "worker-threads",
  ],
  // redis/ (connection and outage reporting) is storage plumbing like sqlite/.
  ["retrieval", "code-host", "cache", "policy", "sqlite", "tokens", "redis"],
  ["text", "shared"],
];

/** The same tiers with run above jobs and trigger, as the imports go today. */
const BY_IMPORTS = [
  ["cli", "server", "compose", "index.ts"],
  ["webhooks"],
  ["run"],
  ["conversation"],
  ["jobs"],
  ["trigger"],
  [
    "agent",
    "tools",
    "answer",
    "missions",
    "config",
    "limits",
    "metrics",
    "worker-threads",
  ],
  ["retrieval", "code-host", "cache", "policy", "sqlite", "tokens", "redis"],
  ["text", "shared"],
];

const LAYERS =
  process.env.LAYERS_ORDER === "imports" ? BY_IMPORTS : AS_SPECIFIED;

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

/** The folders on the tiers above `name`'s. */
function above(name) {
  return LAYERS.slice(
    0,
    LAYERS.findIndex((tier) => tier.includes(name)),
  ).flat();
}

// The leaves have stricter rules of their own below (no layer-* duplicate).
const LEAVES = ["metrics", "text", "shared"];

const ORCHESTRATION = [
  "cli",
  "server",
  "index.ts",
  "webhooks",
  "trigger",
  "jobs",
  "run",
  "conversation",
];

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

const metricsForbidden = [...new Set([...ORCHESTRATION, ...above("metrics")])];

const rules = [
  {
    name: "no-circular",
    comment:
      "No import cycle between files, type-only imports included (see the top of this file).",
    severity: "error",
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
      "metrics/ counts what others report: it imports nothing at all from orchestration (nor from any tier above its own); whoever runs, queues or reads hands metrics plain values.",
    severity: "error",
    from: { path: "^src/metrics/" },
    to: { path: pathOf(metricsForbidden) },
  },
  {
    name: "metrics-ground-only",
    comment:
      "metrics/ should need only text/ and shared/ besides itself (a leaf above the ground floor); a warning, since the few types it still takes from code-host/ and answer/ are harmless siblings or lower tiers.",
    severity: "warn",
    from: { path: "^src/metrics/" },
    to: {
      path: "^src/",
      pathNot: `^src/(metrics|text|shared)/|${pathOf(metricsForbidden)}`,
    },
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
