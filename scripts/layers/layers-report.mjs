// Prints the data sections of LAYERING-REPORT.md (markdown on stdout):
//   node scripts/layers/layers-report.mjs now        violations and cycles today
//   node scripts/layers/layers-report.mjs plan       the move plan: importer counts, tests that move
//   node scripts/layers/layers-report.mjs check      the plan applied to the graph, under both orders
// It reads imports with the TypeScript parser (scripts/layers/import-names.mjs)
// and evaluates the `forbidden` rules of .dependency-cruiser.cjs itself (the
// subset of rule syntax that file uses), so it can check a graph that does not
// exist yet; `npm run lint:layers` stays the check of record.
import { createRequire } from "node:module";
import { existsSync, readdirSync } from "node:fs";
import { basename, dirname } from "node:path";
import { importEdges } from "./import-names.mjs";
import { moves, extractions, dropped, literalMoves } from "./plan.mjs";

const require = createRequire(import.meta.url);
const CONFIG = new URL("../../.dependency-cruiser.cjs", import.meta.url)
  .pathname;

function loadRules(order) {
  const previous = process.env.LAYERS_ORDER;
  if (order) process.env.LAYERS_ORDER = order;
  else delete process.env.LAYERS_ORDER;
  delete require.cache[CONFIG];
  const config = require(CONFIG);
  if (previous === undefined) delete process.env.LAYERS_ORDER;
  else process.env.LAYERS_ORDER = previous;
  return config.forbidden;
}

const folderOf = (path) => {
  const parts = path.split("/");
  return parts.length === 2 ? parts[1] : parts[1];
};

const matches = (pattern, path) =>
  pattern === undefined ? true : new RegExp(pattern).test(path);

/** The rules (other than no-circular) one edge breaks. */
function brokenRules(rules, from, to) {
  return rules
    .filter((r) => !r.to.circular && !r.to.couldNotResolve)
    .filter(
      (r) =>
        matches(r.from.path, from) &&
        !(r.from.pathNot && matches(r.from.pathNot, from)) &&
        matches(r.to.path, to) &&
        !(r.to.pathNot && matches(r.to.pathNot, to)),
    );
}

/** Merges the edges of one (from, to) pair. */
function pairs(edges) {
  const byPair = new Map();
  for (const e of edges) {
    const key = `${e.from} ${e.to}`;
    const seen = byPair.get(key);
    if (seen) {
      seen.names = [...new Set([...seen.names, ...e.names])];
      seen.typeOnly = seen.typeOnly && e.typeOnly;
    } else byPair.set(key, { ...e, names: [...e.names] });
  }
  return [...byPair.values()];
}

function violations(edges, rules) {
  const out = [];
  for (const e of pairs(edges)) {
    const broken = brokenRules(rules, e.from, e.to);
    if (broken.length) out.push({ ...e, rules: broken.map((r) => r.name) });
  }
  return out;
}

/** Every elementary cycle (Johnson-style DFS inside strongly connected components; the graph's are small). */
function cycles(edges) {
  const list = pairs(edges);
  const adj = new Map();
  for (const e of list) {
    if (!adj.has(e.from)) adj.set(e.from, []);
    adj.get(e.from).push(e);
  }
  // Tarjan
  let index = 0;
  const idx = new Map(),
    low = new Map(),
    stack = [],
    on = new Set(),
    sccs = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const e of adj.get(v) ?? []) {
      if (!idx.has(e.to)) {
        strong(e.to);
        low.set(v, Math.min(low.get(v), low.get(e.to)));
      } else if (on.has(e.to)) low.set(v, Math.min(low.get(v), idx.get(e.to)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) sccs.push(c);
    }
  };
  for (const v of adj.keys()) if (!idx.has(v)) strong(v);
  const found = [];
  for (const scc of sccs) {
    const inside = new Set(scc);
    const order = [...scc].sort();
    order.forEach((start, i) => {
      const allowed = new Set(order.slice(i));
      const path = [];
      const walk = (v) => {
        for (const e of adj.get(v) ?? []) {
          if (!inside.has(e.to) || !allowed.has(e.to)) continue;
          if (e.to === start) found.push([...path, e]);
          else if (!path.some((p) => p.from === e.to)) {
            path.push(e);
            walk(e.to);
            path.pop();
          }
        }
      };
      walk(start);
    });
  }
  return found;
}

/** The graph after the plan's moves, extractions and dropped imports. */
function applyPlan(edges, extra = []) {
  const rename = new Map(moves);
  const chain = new Map(extra);
  for (const [k, v] of rename) if (chain.has(v)) rename.set(k, chain.get(v));
  for (const [k, v] of chain) if (!rename.has(k)) rename.set(k, v);
  let out = edges.map((e) => ({
    ...e,
    from: rename.get(e.from) ?? e.from,
    to: rename.get(e.to) ?? e.to,
  }));
  for (const x of extractions) {
    const next = [];
    for (const e of out) {
      if (e.to !== x.from || e.from === x.to) {
        next.push(e);
        continue;
      }
      const bare = (n) => n.replace(/^type /, "");
      const moved = e.names.filter((n) => x.names.includes(bare(n)));
      const kept = e.names.filter((n) => !x.names.includes(bare(n)));
      if (moved.length) next.push({ ...e, to: x.to, names: moved });
      if (kept.length) next.push({ ...e, names: kept });
    }
    // The old file's own import of the declarations it gave away.
    out = next.filter(
      (e) =>
        !(
          e.from === x.to &&
          e.to === x.from &&
          e.names.every((n) => x.names.includes(n.replace(/^type /, "")))
        ),
    );
    if (x.fromKeepsUsing)
      out.push({
        from: x.from,
        to: x.to,
        names: x.names,
        typeOnly: false,
        kind: "import",
      });
    for (const d of x.deps) out.push({ from: x.to, ...d, kind: "import" });
  }
  const gone = new Set(dropped.map(([f, t]) => `${f} ${t}`));
  return out.filter((e) => !gone.has(`${e.from} ${e.to}`));
}

const rel = (p) => p.replace(/^src\//, "");
const code = (s) => "`" + s + "`";

function printViolations(title, list, brief = false) {
  const groups = new Map();
  for (const v of list) {
    const key = `${folderOf(v.from)} → ${folderOf(v.to)}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(v);
  }
  console.log(
    `### ${title}: ${list.length} imports, ${groups.size} folder pairs\n`,
  );
  const keys = [...groups.keys()].sort();
  if (brief) {
    if (keys.length)
      console.log(
        keys.map((k) => `${k} (${groups.get(k).length})`).join("; ") + "\n",
      );
    return;
  }
  for (const key of keys) {
    const vs = groups
      .get(key)
      .sort((a, b) => (a.from + a.to).localeCompare(b.from + b.to));
    console.log(
      `#### ${key} (${vs.length}; rule ${[...new Set(vs.flatMap((v) => v.rules))].join(", ")})\n`,
    );
    console.log("| importing file | imported file | imported names |");
    console.log("| --- | --- | --- |");
    for (const v of vs)
      console.log(
        `| ${code(rel(v.from))} | ${code(rel(v.to))} | ${v.names.join(", ")} |`,
      );
    console.log("");
  }
}

function printCycles(list) {
  console.log(`### File-level cycles: ${list.length}\n`);
  list.forEach((c, i) => {
    const typeOnly = c.filter((e) => e.typeOnly).length;
    console.log(
      `${i + 1}. ${[...c.map((e) => code(rel(e.from))), code(rel(c[0].from))].join(" → ")} — ${
        typeOnly
          ? `closed by ${typeOnly} type-only import(s); no runtime cycle`
          : "runtime cycle"
      }`,
    );
    for (const e of c)
      console.log(
        `   - ${code(rel(e.from))} imports ${e.names.join(", ")} from ${code(rel(e.to))}${e.typeOnly ? " (type-only)" : ""}`,
      );
  });
  console.log("");
}

const mode = process.argv[2] ?? "now";
const src = importEdges("src");

if (mode === "now") {
  for (const [order, label] of [
    [undefined, "Violations under the order the issue gives (default)"],
    [
      "imports",
      "Violations under LAYERS_ORDER=imports (run above jobs and trigger)",
    ],
  ]) {
    const rules = loadRules(order);
    const errors = violations(
      src,
      rules.filter((r) => r.severity === "error"),
    );
    const warnings = violations(
      src,
      rules.filter((r) => r.severity === "warn"),
    );
    printViolations(label, errors, order !== undefined);
    printViolations(`${label}, warnings`, warnings, order !== undefined);
  }
  printCycles(cycles(src));
}

if (mode === "check") {
  const after = applyPlan(src);
  const afterB = applyPlan(src, literalMoves);
  for (const [graph, order, label] of [
    [after, "imports", "Plan A, LAYERS_ORDER=imports"],
    [after, undefined, "Plan A, order as the issue gives it"],
    [
      afterB,
      undefined,
      "Plan B (plan A + literalMoves), order as the issue gives it",
    ],
  ]) {
    const rules = loadRules(order);
    const errors = violations(
      graph,
      rules.filter((r) => r.severity === "error"),
    );
    const warnings = violations(
      graph,
      rules.filter((r) => r.severity === "warn"),
    );
    printViolations(`${label}, errors`, errors, true);
    printViolations(`${label}, warnings`, warnings, true);
    console.log(`File-level cycles: ${cycles(graph).length}\n`);
  }
}

if (mode === "plan") {
  const everywhere = [
    ...src,
    ...importEdges("test"),
    ...importEdges("bench"),
    ...importEdges("scripts"),
  ];
  const importersOf = (path, names) =>
    [
      ...new Set(
        everywhere
          .filter(
            (e) =>
              e.to === path &&
              (!names ||
                e.names.some((n) => names.includes(n.replace(/^type /, "")))),
          )
          .map((e) => e.from),
      ),
    ].sort();
  const count = (list) => {
    const by = (dir) => list.filter((f) => f.startsWith(dir + "/")).length;
    return `${list.length} (src ${by("src")}, test ${by("test")}, bench ${by("bench")}, scripts ${by("scripts")})`;
  };
  console.log("### Moves\n");
  console.log("| # | old path | new path | files importing it |");
  console.log("| --- | --- | --- | --- |");
  moves.forEach(([from, to], i) =>
    console.log(
      `| M${i + 1} | ${code(rel(from))} | ${code(rel(to))} | ${count(importersOf(from))} |`,
    ),
  );
  console.log("\n### Plan B only (the order kept as the issue gives it)\n");
  console.log("| # | old path | new path | files importing it |");
  console.log("| --- | --- | --- | --- |");
  literalMoves.forEach(([from, to], i) =>
    console.log(
      `| B${i + 1} | ${code(rel(from))} | ${code(rel(to))} | ${count(importersOf(from))} |`,
    ),
  );
  console.log("\n### Declarations that move (no file move)\n");
  console.log("| # | names | from | to | files importing them (to rewrite) |");
  console.log("| --- | --- | --- | --- | --- |");
  const reverse = new Map(moves.map(([a, b]) => [b, a]));
  for (const x of extractions) {
    const original = reverse.get(x.from) ?? x.from;
    const users = importersOf(original, x.names).filter(
      (f) => f !== (reverse.get(x.to) ?? x.to),
    );
    console.log(
      `| ${x.id} | ${x.names.join(", ")} | ${code(rel(x.from))} | ${code(rel(x.to))} | ${count(users)}: ${users.map((f) => code(f.replace(/^src\//, ""))).join(", ")} |`,
    );
  }
  console.log("\n### Tests that mirror a moved file\n");
  console.log("| test now | test after |");
  console.log("| --- | --- |");
  // test/unit/<path>.test.ts, and test/unit/<path>-<aspect>.test.ts beside it.
  const testsOf = (p) => {
    const base = p.replace(/^src\//, "test/unit/").replace(/\.ts$/, "");
    const dir = dirname(base);
    if (!existsSync(dir)) return [];
    const name = basename(base);
    return readdirSync(dir)
      .filter(
        (f) =>
          f === `${name}.test.ts` ||
          (f.startsWith(`${name}-`) && f.endsWith(".test.ts")),
      )
      .map((f) => `${dir}/${f}`);
  };
  const none = [];
  for (const [from, to, planB] of [
    ...moves,
    ...literalMoves.map(([a, b]) => [a, b, true]),
  ]) {
    const tests = testsOf(from);
    const target = dirname(to.replace(/^src\//, "test/unit/"));
    for (const t of tests)
      console.log(
        `| ${code(t)} | ${code(`${target}/${basename(t)}`)}${planB ? " (plan B only)" : ""} |`,
      );
    if (!tests.length) none.push(from);
  }
  console.log(
    `\nNo mirrored unit test: ${none.map((f) => code(rel(f))).join(", ") || "none"}.\n`,
  );
}
