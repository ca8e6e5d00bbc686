import type { CoChangeHistory } from "../retrieval/history/co-change-history.js";
import type { ProgressEvent } from "../answer/render-progress-comment.js";
import type { CodeReader } from "../code-host/code-host.js";
import type { ReviewLineContext } from "../code-host/pull-request-facts.js";
import { readReviewLineContext } from "../conversation/review-line-context.js";
import type { RunMetrics } from "../metrics/run-metrics.js";
import { buildContext, type BuiltContext } from "../retrieval/build-context.js";
import { candidateQueries } from "../retrieval/candidates/candidate-queries.js";
import type { DerivedCache } from "../retrieval/index/derived-cache.js";
import { indexKey, type IndexCache } from "../retrieval/index/index-cache.js";
import { visibleMarkdown } from "../text/visible-markdown.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import type { CpuPool } from "../worker-threads/cpu-pool.js";
import {
  indexForQuestion,
  packingFor,
  type IndexForQuestionDeps,
} from "./index-for-question.js";
import { packedContextTokens } from "../config/packed-context-tokens.js";
import type { RunAtRepository } from "../question/run-at.js";
import type { AskedText } from "../conversation/without-own-secrets.js";

export interface RetrieveForQuestionInput {
  /** The repository at the question's commit (its budgets size the context). */
  at: RunAtRepository;
  excludePaths: readonly string[];
  /** Paths hidden from the run (`exclude_paths`, askcode's secrets). */
  exclude(path: string): boolean;
  /** The snapshot cap: larger repositories are read as search candidates only. */
  maxRepositoryBytes: number;
}

export interface RetrieveForQuestionServices {
  tokenCounter: TokenCounter;
  log: {
    info(meta: object, message: string): void;
    warn(meta: object, message: string): void;
  };
  progress(event: ProgressEvent): void;
  /** A model answers after retrieval: the context leaves it room (`packedContextTokens`). */
  model?: unknown;
  metrics?: Pick<RunMetrics, "contextPacked">;
  indexCache?: { indexes: IndexCache; namespace: string };
  derivedCache?: DerivedCache;
  cpu?: CpuPool;
  /** The repository's history back from a commit, for packing's co-change tier (none: off). */
  coChangeHistory?(sha: string): Promise<CoChangeHistory | undefined>;
}

export interface RetrievedForQuestion {
  built: BuiltContext;
  /** The commented line's surroundings at the commit read, when a review comment asked. */
  reviewLines?: ReviewLineContext;
}

// Changed files of a pull request whose paths join the retrieval text: the
// first ones GitHub lists, enough to cover a typical pull request without
// letting a sweeping one name every file as a place.
const CHANGED_FILES_SEARCHED = 20;

/**
 * A run's retrieval: collect the files (the whole repository when it fits
 * the snapshot cap, else code-search candidates) and index them, or take the
 * index an earlier question built for this commit, then build the ranked,
 * packed context for the question, its thread, its pull request's changed
 * paths and its review line. Progress is told as it goes (searching,
 * searched, read).
 *
 * @example
 * const { built } = await retrieveForQuestion(reader, asked, { at, excludePaths: [], exclude: () => false, maxRepositoryBytes }, services);
 */
export async function retrieveForQuestion(
  reader: CodeReader,
  asked: AskedText,
  input: RetrieveForQuestionInput,
  services: RetrieveForQuestionServices,
  deps: Partial<IndexForQuestionDeps> = {},
): Promise<RetrievedForQuestion> {
  const { at, exclude } = input;
  // Retrieval reads what a reader of the issue sees, as the model does: text
  // hidden in an HTML comment or an image's alt text must not steer which
  // code is shown.
  const question = visibleMarkdown(asked.question);
  const reviewLines =
    asked.reviewComment &&
    (await readReviewLineContext(reader, asked.reviewComment, exclude, {
      log: services.log,
    }));
  const retrievalText = [
    question,
    visibleMarkdown(asked.issue.title),
    visibleMarkdown(asked.issue.body ?? ""),
    // On a pull request the question is most likely about what it changes:
    // its first files, by path, are places retrieval weighs.
    ...(asked.pullRequest
      ? [
          asked.pullRequest.files
            .slice(0, CHANGED_FILES_SEARCHED)
            .map((f) => f.path)
            .join("\n"),
        ]
      : []),
    // A review comment sits on one line of one file: the strongest place signal.
    ...(reviewLines
      ? [`${reviewLines.path}:${reviewLines.line ?? ""}`, reviewLines.diffHunk]
      : []),
  ].join("\n\n");

  // Read while the files are: the history never holds the answer up longer
  // than the index does, and a history that cannot be read only turns the
  // tier off.
  const history = services.coChangeHistory?.(at.sha).catch((error: unknown) => {
    services.log.warn(
      { err: error },
      "askcode could not read the repository's kept history; answering without its co-change tier",
    );
    return undefined;
  });
  services.progress({ kind: "searching" });
  const cache = services.indexCache && {
    indexes: services.indexCache.indexes,
    key: indexKey({
      namespace: services.indexCache.namespace,
      owner: at.owner,
      repo: at.repo,
      sha: at.sha,
      excludePaths: input.excludePaths,
    }),
  };
  const collected = await indexForQuestion(
    reader,
    candidateQueries(question),
    {
      maxRepositoryBytes: input.maxRepositoryBytes,
      exclude,
      cache,
      question: retrievalText,
      ...(services.derivedCache ? { derived: services.derivedCache } : {}),
      ...(services.cpu ? { cpu: services.cpu } : {}),
    },
    deps,
  );
  if (collected.note)
    services.log.info({ mode: collected.mode }, collected.note);
  services.progress({ kind: "searched", files: collected.index.files.length });
  const coChanges = await history;
  const built = await buildContext({
    reader,
    index: collected.index,
    question: retrievalText,
    budget: packedContextTokens(at.budgets, { withModel: !!services.model }),
    tokenCounter: services.tokenCounter,
    ...packingFor(collected),
    ...(coChanges && { history: coChanges }),
  });
  services.metrics?.contextPacked(built.context.tokensUsed);
  services.progress({
    kind: "read",
    paths: built.context.files.map((file) => file.path),
  });
  return { built, ...(reviewLines ? { reviewLines } : {}) };
}
