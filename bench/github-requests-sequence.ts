import { createResponseCache } from "../src/cache/response-cache.js";
import {
  createGitHubApi,
  type GitHubApiStats,
} from "../src/code-host/github/github-api.js";
import { createGitHubCodeHost } from "../src/code-host/github/github-code-host.js";
import { createSearchPacer } from "../src/code-host/github/search-pacer.js";
import { createSnapshotCache } from "../src/code-host/github/snapshot-cache.js";
import { createFakeClock } from "../test/helpers/fake-clock.js";
import { createTestOctokit } from "../test/helpers/test-octokit.js";
import {
  nockCorpusRepository,
  type ServedCounts,
} from "./nock-corpus-repository.js";
import { readCorpus, type Corpus } from "./read-corpus.js";

/** A question, as the code host sees it: the terms a run searches for. */
export interface BenchQuestion {
  /** What the user asked (for the report). */
  title: string;
  /** What the run searches for. */
  terms: string;
}

/** How the host reads the repository: from one tarball snapshot, or through the REST API only. */
export type RepositoryMode = "snapshot" | "api";

export interface SequenceStep {
  step: 1 | 2 | 3;
  /** "first question", "same question again", "new question, same commit". */
  label: string;
  mode: RepositoryMode;
  question: BenchQuestion;
  /** The API layer's own counts for this question. */
  api: GitHubApiStats;
  /** What nock served for this question, counted apart from the API layer. */
  served: ServedCounts;
  /** Wall time of the question, in milliseconds. */
  ms: number;
  /** The search phase that answered, what it said, and the files read whole. */
  searchMode: string;
  searchNotes: string[];
  hits: number;
  filesRead: string[];
  /** What the snapshot policy logged (why a snapshot was or was not used). */
  log: string[];
}

export interface SequenceResult {
  repository: string;
  sha: string;
  /** Files and bytes of the served repository. */
  corpus: { files: number; bytes: number };
  steps: SequenceStep[];
  /** Requests nock had no answer for; a faithful run has none. */
  unmatched: string[];
}

export interface SequenceOptions {
  /** The served repository (default: askcode's own src/ and test/ at HEAD). */
  corpus?: Corpus;
  questions?: { first: BenchQuestion; next: BenchQuestion };
}

export const DEFAULT_QUESTIONS = {
  first: {
    title: "How does askcode revalidate a cached answer with its ETag?",
    terms: "revalidate ETag",
  },
  next: {
    title: "When does askcode download a tarball snapshot?",
    terms: "snapshot tarball",
  },
} satisfies SequenceOptions["questions"];

const OWNER = "octo-org";
const REPO = "askcode";
const INSTALLATION = "installation:1";
// Past resolve-ref.ts's BRANCH_HEAD_TTL_MS (60 s), well inside the cache's one-hour TTL:
// the branch head is revalidated, the repository's default branch is not.
const PAST_BRANCH_HEAD_TTL_MS = 61_000;

/**
 * Runs the scripted sequence on a nock-served repository, once per mode, and
 * returns what each question cost:
 * 1. the first question on the repository;
 * 2. the same question again on the same commit, after the branch head's TTL
 *    (so the ref is revalidated with its ETag: a 304);
 * 3. a new question on the same commit.
 * A question is the access pattern of a run: `resolveRef()` (the default
 * branch), then at that SHA `listTree()`, `searchCode(terms)`, and
 * `readFile()` of the files of the top 3 hits, whole.
 *
 * Per mode, as the app shares them per process: one response cache, one
 * snapshot cache (namespaced by installation), one search pacer, all on one
 * fake clock. Per question, as the app builds them per run: an Octokit, a
 * `GitHubApi` (whose `stats` are the question's) and a code host.
 *
 * @example
 * const { steps } = await runGitHubRequestsSequence();
 * steps.map((s) => [s.mode, s.step, s.api.requests]) // [["snapshot", 1, 4], ["snapshot", 2, 1], …]
 */
export async function runGitHubRequestsSequence(
  options: SequenceOptions = {},
): Promise<SequenceResult> {
  const corpus = options.corpus ?? (await readCorpus());
  const questions = options.questions ?? DEFAULT_QUESTIONS;
  const server = await nockCorpusRepository({
    corpus,
    owner: OWNER,
    repo: REPO,
    searches: [questions.first.terms, questions.next.terms],
  });
  try {
    const steps: SequenceStep[] = [];
    for (const mode of ["snapshot", "api"] as const) {
      const clock = createFakeClock();
      const shared = {
        cache: createResponseCache({ clock }),
        snapshots: createSnapshotCache(),
        pacer: createSearchPacer({ clock }),
      };
      const ask = (
        step: SequenceStep["step"],
        label: string,
        question: BenchQuestion,
      ) =>
        askQuestion({
          step,
          label,
          mode,
          question,
          shared,
          served: () => server.served(),
        });
      steps.push(await ask(1, "first question", questions.first));
      clock.advance(PAST_BRANCH_HEAD_TTL_MS);
      steps.push(await ask(2, "same question again", questions.first));
      steps.push(await ask(3, "new question, same commit", questions.next));
    }
    return {
      repository: `${OWNER}/${REPO}`,
      sha: corpus.sha,
      corpus: { files: corpus.files.size, bytes: corpus.bytes },
      steps,
      unmatched: [...server.unmatched],
    };
  } finally {
    server.stop();
  }
}

interface AskOptions {
  step: SequenceStep["step"];
  label: string;
  mode: RepositoryMode;
  question: BenchQuestion;
  shared: {
    cache: ReturnType<typeof createResponseCache>;
    snapshots: ReturnType<typeof createSnapshotCache>;
    pacer: ReturnType<typeof createSearchPacer>;
  };
  served(): ServedCounts;
}

async function askQuestion(options: AskOptions): Promise<SequenceStep> {
  const { mode, question, shared } = options;
  // A fresh Octokit per question, hence a fresh throttle id: plugin-throttling
  // spaces code searches 2 s apart per id on the real clock, and the minutes
  // between real questions (compressed here by the fake clock) would have
  // absorbed that wait. Waits are otherwise the production policy, shrunk to
  // 1 ms per second as in the tests.
  const octokit = createTestOctokit();
  const api = createGitHubApi({
    octokit,
    cache: shared.cache,
    namespace: INSTALLATION,
  });
  const log: string[] = [];
  const host = createGitHubCodeHost({
    api,
    owner: OWNER,
    repo: REPO,
    // "never" is what a repository too large for a snapshot gets.
    snapshot: {
      mode: mode === "snapshot" ? "auto" : "never",
      cache: shared.snapshots,
      namespace: INSTALLATION,
    },
    search: { pacer: shared.pacer, paceKey: INSTALLATION },
    log: {
      info: (message) => log.push(`info: ${message}`),
      warn: (message) => log.push(`warn: ${message}`),
    },
  });
  const before = options.served();
  const started = performance.now();

  const { sha } = await host.resolveRef();
  const reader = host.at(sha);
  await reader.listTree();
  const result = await reader.searchCode({ query: question.terms });
  const filesRead = [
    ...new Set(result.hits.slice(0, 3).map((hit) => hit.path)),
  ];
  for (const path of filesRead) await reader.readFile(path);

  const ms = performance.now() - started;
  return {
    step: options.step,
    label: options.label,
    mode,
    question,
    api: { ...api.stats },
    served: difference(options.served(), before),
    ms,
    searchMode: result.mode,
    searchNotes: result.notes,
    hits: result.hits.length,
    filesRead,
    log,
  };
}

function difference(after: ServedCounts, before: ServedCounts): ServedCounts {
  const endpoints: ServedCounts["endpoints"] = {};
  for (const [name, count] of Object.entries(after.endpoints)) {
    const requests = count.requests - (before.endpoints[name]?.requests ?? 0);
    const bytes = count.bytes - (before.endpoints[name]?.bytes ?? 0);
    if (requests > 0) endpoints[name] = { requests, bytes };
  }
  return {
    requests: after.requests - before.requests,
    notModified: after.notModified - before.notModified,
    bytes: after.bytes - before.bytes,
    endpoints,
  };
}
