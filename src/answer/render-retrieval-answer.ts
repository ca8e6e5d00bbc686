import type {
  PackedContext,
  PackedPiece,
} from "../retrieval/pack/packing-types.js";
import type { RankedChunk } from "../retrieval/rank/rank-chunks.js";
import { describeOutsideDependencies } from "../retrieval/dependencies/describe-outside-dependencies.js";
import type { OutsideDependency } from "../retrieval/dependencies/find-outside-dependencies.js";
import { fenceFor } from "../retrieval/pack/render-context.js";
import { chooseExcerpt } from "./choose-excerpt.js";
import { contributingGuide, type GuideFile } from "./contributing-guide.js";
import { explainMatch } from "./explain-match.js";
import { selectAlsoRelevant } from "./select-also-relevant.js";
import { fenceLanguage } from "../text/fence-language.js";
import {
  commitLink,
  permalink,
  type RepositoryAtSha,
} from "../shared/permalink.js";
import {
  renderAnswerComment,
  type AnswerCommentInput,
  type RenderedComment,
} from "./render-answer-comment.js";
import {
  ANSWER_PLACES,
  selectPlaces,
} from "../retrieval/rank/select-places.js";

export interface RetrievalAnswerInput {
  /** The retrieval result (`buildContext`'s): its ranking gives the places, its packed context the details. */
  retrieved: {
    ranked: readonly RankedChunk[];
    /** Packages outside the repository the best places lead into: named after the first sentence. */
    outsideDependencies?: readonly OutsideDependency[];
    context: Pick<PackedContext, "files"> &
      Partial<Pick<PackedContext, "pieces" | "coChanged">>;
  };
  repository: RepositoryAtSha;
  /** Places listed (default ANSWER_PLACES, 5). */
  maxPlaces?: number;
  /** Lines of excerpt per place (default 8). */
  excerptLines?: number;
  /** Only the places, each a link with why it matched: no sentence before them, no excerpts (`/sources`). */
  placesOnly?: boolean;
  /** `footer: folded` (`AnswerCommentInput.foldFooter`). */
  foldFooter?: boolean;
  /** Characters allowed (GitHub's limit by default). */
  limit?: number;
  /**
   * The repository's guidance files (`readGuidance`) and the question: when
   * it is about contributing, the answer names the guide first
   * (`contributingGuide`).
   */
  guidance?: { question: string; files: readonly GuideFile[] };
  /** A sentence put first: why this answer comes from retrieval, when a model was meant to give it. */
  note?: string;
  /** The model that was meant to answer, and what happened, for the footer. */
  fallback?: { model: string; why: string };
  /** Hosts links may go to besides the repository at its commit (`renderAnswerComment`). */
  allowedLinkHosts?: readonly string[];
  /** How long the run took, for the footer. */
  elapsedMs?: number;
  /** Renders the comment (default `renderAnswerComment`; the app: on a thread, `CpuPool.renderAnswer`). */
  render?: (input: AnswerCommentInput) => Promise<RenderedComment>;
  /** The earlier answers here on the same code, said after the places (`AnswerCommentInput.earlier`). */
  earlier?: string;
  /** The history of the first places' lines, said after them (`AnswerCommentInput.history`). */
  history?: string;
}

/**
 * The answer when no model is configured, built from the retrieval result
 * alone: one sentence saying what this is, the repository's contributor
 * guide when the question is about contributing, and which packages outside the
 * repository hold part of the answer when the best places lead into one
 * (`describeOutsideDependencies`), then the most relevant places,
 * best first, each with a permalink to its lines, why it matched in plain
 * words, and the lines that show it in a highlighted code block; then the
 * same details and footer as a model's answer.
 *
 * @example
 * const { body } = await renderRetrievalAnswer({ retrieved: built, repository: { owner, repo, sha } });
 * // "Here is what a search of the code at `9fceb02` found for this question, most relevant first.
 * //
 * // **1. [`src/upload.ts`, lines 3-6](…#L3-L6)** in `function shouldRetryUpload`
 * // Defines `shouldRetryUpload`; mentions `retry`, `upload` and `failed`.
 * // ```typescript …"
 */
export function renderRetrievalAnswer(
  input: RetrievalAnswerInput,
): Promise<RenderedComment> {
  const { retrieved, repository } = input;
  const places = selectPlaces(
    retrieved.ranked,
    input.maxPlaces ?? ANSWER_PLACES,
  );
  const out: string[] = input.note ? [input.note, ""] : [];
  if (input.placesOnly && places.length > 0)
    // A list of links, each with why it matched: nothing to read past.
    out.push(
      ...places.map(
        (place, i) =>
          `${i + 1}. ${placeLink(place, repository).join("")} · ${explainMatch(place)}`,
      ),
    );
  else appendAnswer(out, input, places);
  out.push(...alsoRelevant(retrieved.context.pieces ?? [], places, repository));
  return (input.render ?? renderAnswerComment)({
    answer: out.join("\n"),
    repository,
    context: retrieved.context.files,
    ...(retrieved.context.coChanged && {
      coChanged: retrieved.context.coChanged,
    }),
    limit: input.limit,
    ...(input.fallback ? { fallback: input.fallback } : {}),
    ...(input.elapsedMs !== undefined ? { elapsedMs: input.elapsedMs } : {}),
    ...(input.foldFooter && { foldFooter: true }),
    ...(input.earlier && { earlier: input.earlier }),
    ...(input.history && { history: input.history }),
    allowedLinkHosts: input.allowedLinkHosts,
  });
}

/** The retrieval answer's opening sentence, the outside packages, and each place with its excerpt. */
function appendAnswer(
  out: string[],
  input: RetrievalAnswerInput,
  places: ReturnType<typeof selectPlaces>,
): void {
  const { retrieved, repository } = input;
  const at = `[\`${repository.sha.slice(0, 7)}\`](${commitLink(repository)})`;
  if (places.length === 0) {
    out.push(
      `A search of the code at ${at} found nothing that matches this question. ` +
        "Naming a function, a file or an error message from the code usually finds it.",
    );
  } else {
    out.push(
      `Here is what a search of the code at ${at} found for this question, most relevant first.`,
    );
  }
  const guide =
    input.guidance &&
    contributingGuide(input.guidance.question, input.guidance.files);
  if (guide)
    out.push(
      "",
      `For contributing, this repository's guide is [\`${guide.path}\`](${permalink({ ...repository, path: guide.path })}).`,
    );
  const outside = describeOutsideDependencies(
    retrieved.outsideDependencies ?? [],
    (line) =>
      `[\`${line.path}\`, line ${line.line}](${permalink({ ...repository, path: line.path, startLine: line.line, endLine: line.line })})`,
  );
  if (outside) out.push("", outside);
  places.forEach((place, i) => {
    const { chunk } = place;
    const [link, where] = placeLink(place, repository);
    const excerpt = chooseExcerpt(
      chunk,
      place.matchedTerms,
      input.excerptLines ?? 8,
    );
    const [from, to] = excerpt.range;
    const shown = excerpt.partial
      ? ` The lines below are ${from === to ? `line ${from}` : `${from}-${to}`}.`
      : "";
    const fence = fenceFor(excerpt.text);
    out.push(
      "",
      `**${i + 1}. ${link}**${where}`,
      `${explainMatch(place)}${shown}`,
      "",
      `${fence}${fenceLanguage(chunk.path)}`,
      excerpt.text,
      fence,
    );
  });
}

/**
 * A place as a link to its lines at the commit, and the declaration it is in.
 *
 * @example
 * placeLink(place, repository) // ["[`src/upload.ts`, lines 3-6](…#L3-L6)", " in `function shouldRetryUpload`"]
 */
function placeLink(
  place: ReturnType<typeof selectPlaces>[number],
  repository: RepositoryAtSha,
): [link: string, where: string] {
  const { chunk } = place;
  const lines =
    chunk.startLine === chunk.endLine
      ? `line ${chunk.startLine}`
      : `lines ${chunk.startLine}-${chunk.endLine}`;
  const link = permalink({
    ...repository,
    path: chunk.path,
    startLine: chunk.startLine,
    endLine: chunk.endLine,
  });
  const where = chunk.context
    ? ` in \`${chunk.context.replace(/`/g, "'")}\``
    : "";
  return [`[\`${chunk.path}\`, ${lines}](${link})`, where];
}

/**
 * The files the packed context's map named that are not among the places
 * (`selectAlsoRelevant`), as "Also relevant" lines with a permalink to the
 * line: where else a reader may look.
 */
function alsoRelevant(
  pieces: readonly PackedPiece[],
  places: ReadonlyArray<{ chunk: { path: string } }>,
  repository: RepositoryAtSha,
): string[] {
  const lines = selectAlsoRelevant(
    pieces,
    places.map((p) => p.chunk.path),
  ).map(({ path, line, signature }) => {
    const link = permalink({
      ...repository,
      path,
      startLine: line,
      endLine: line,
    });
    return `- [\`${path}\`, line ${line}](${link}): \`${signature.replace(/`/g, "'")}\``;
  });
  return lines.length === 0 ? [] : ["", "**Also relevant:**", "", ...lines];
}
