// Counts what askcode's GitHub access layer asks of GitHub for a scripted
// sequence of questions (first question, the same again, a new one on the same
// commit), with a repository read from one tarball snapshot and the same read
// through the REST API only. GitHub is played by nock from askcode's own files
// at HEAD; nothing reaches the network. Figures are printed, never asserted
// here (test/unit/bench/github-requests.test.ts guards their shape).
//   npm run bench:requests [-- --json]
import { benchCommand } from "./parse-bench-command.js";
import {
  runGitHubRequestsSequence,
  type SequenceResult,
  type SequenceStep,
} from "./github-requests-sequence.js";

const MODE_LABELS = {
  snapshot: "snapshot (auto)",
  api: "API only (never)",
} as const;

const { values } = benchCommand({
  usage: `usage: npm run bench:requests [-- --json]

GitHub requests, 304s, cache hits and bytes for a scripted sequence of
questions (nock-served). --json prints the figures as JSON.`,
  options: { json: { type: "boolean", default: false } },
});
const result = await runGitHubRequestsSequence();
console.log(
  values.json ? JSON.stringify(withTotals(result), null, 2) : table(result),
);
if (result.unmatched.length > 0) {
  console.error(`nock had no answer for: ${result.unmatched.join("; ")}`);
  process.exitCode = 1;
}

type Totals = Pick<SequenceStep, "api" | "served" | "ms">;

function withTotals(result: SequenceResult) {
  return {
    ...result,
    totals: {
      snapshot: total(result.steps.filter((step) => step.mode === "snapshot")),
      api: total(result.steps.filter((step) => step.mode === "api")),
    },
  };
}

function total(steps: SequenceStep[]): Totals {
  const sum: Totals = {
    api: {
      requests: 0,
      notModified: 0,
      hits: 0,
      sharedHits: 0,
      misses: 0,
      staleOnError: 0,
      bytes: 0,
    },
    served: { requests: 0, notModified: 0, bytes: 0, endpoints: {} },
    ms: 0,
  };
  for (const step of steps) {
    for (const key of Object.keys(sum.api) as Array<keyof Totals["api"]>)
      sum.api[key] += step.api[key];
    sum.served.requests += step.served.requests;
    sum.served.notModified += step.served.notModified;
    sum.served.bytes += step.served.bytes;
    for (const [name, count] of Object.entries(step.served.endpoints)) {
      const sumOf = (sum.served.endpoints[name] ??= { requests: 0, bytes: 0 });
      sumOf.requests += count.requests;
      sumOf.bytes += count.bytes;
    }
    sum.ms += step.ms;
  }
  return sum;
}

function table(result: SequenceResult): string {
  const number = (n: number) => n.toLocaleString("en-US");
  const columns = [
    { title: "step", align: "left" },
    { title: "repository", align: "left" },
    { title: "requests", align: "right" },
    { title: "304s", align: "right" },
    { title: "cache hits", align: "right" },
    { title: "misses", align: "right" },
    { title: "bytes", align: "right" },
    { title: "ms", align: "right" },
    { title: "|", align: "left" },
    { title: "nock: requests", align: "right" },
    { title: "304s", align: "right" },
    { title: "bytes", align: "right" },
    { title: "served: requests (bytes)", align: "left" },
  ] as const;
  const row = (step: string, mode: string, figures: Totals) => [
    step,
    mode,
    number(figures.api.requests),
    number(figures.api.notModified),
    number(figures.api.hits),
    number(figures.api.misses),
    number(figures.api.bytes),
    figures.ms.toFixed(0),
    "|",
    number(figures.served.requests),
    number(figures.served.notModified),
    number(figures.served.bytes),
    Object.entries(figures.served.endpoints)
      .map(
        ([name, count]) => `${name} ${count.requests} (${number(count.bytes)})`,
      )
      .join(", ") || "-",
  ];
  const rows: string[][] = [];
  for (const mode of ["snapshot", "api"] as const) {
    const steps = result.steps.filter((step) => step.mode === mode);
    for (const step of steps)
      rows.push(row(`${step.step} ${step.label}`, MODE_LABELS[mode], step));
    rows.push(row("  all three", MODE_LABELS[mode], total(steps)));
  }
  const widths = columns.map((column, i) =>
    Math.max(column.title.length, ...rows.map((cells) => cells[i]!.length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) =>
        columns[i]!.align === "left"
          ? cell.padEnd(widths[i]!)
          : cell.padStart(widths[i]!),
      )
      .join("  ")
      .trimEnd();
  const [first, next] = [
    result.steps.find((s) => s.step === 1),
    result.steps.find((s) => s.step === 3),
  ];
  const staleOnError = result.steps.reduce(
    (sum, step) => sum + step.api.staleOnError,
    0,
  );
  const warnings = result.steps.flatMap((step) =>
    step.log.filter((message) => message.startsWith("warn")),
  );
  return [
    `GitHub requests per question on ${result.repository}@${result.sha.slice(0, 7)}: ` +
      `askcode's src/ and test/ at that commit (${number(result.corpus.files)} files, ${number(result.corpus.bytes)} bytes), served by nock.`,
    `Questions 1 and 2: ${JSON.stringify(first?.question.title)} (searches ${JSON.stringify(first?.question.terms)}); ` +
      `question 3: ${JSON.stringify(next?.question.title)} (searches ${JSON.stringify(next?.question.terms)}).`,
    "Left: the API layer's own stats. Right: what nock served, counted in its reply functions. " +
      "Bytes are response bodies as served (uncompressed); the tarball is one request (302, then codeload). " +
      "ms is wall time; the first row also pays for warming up.",
    "",
    line(columns.map((column) => column.title)),
    ...rows.map(line),
    ...(staleOnError > 0
      ? [
          "",
          `Stale answers served after a failed revalidation: ${staleOnError}.`,
        ]
      : []),
    ...(warnings.length > 0 ? ["", ...warnings] : []),
  ].join("\n");
}
