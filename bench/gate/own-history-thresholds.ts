import { chooseThreshold, type GatePoint } from "../../src/eval/gate-curve.js";

/** A question of one repository, in the order its repository was asked. */
export interface RepositoryGatePoint extends GatePoint {
  repo: string;
  /** The number (or any key that orders a repository's questions in time). */
  order: number;
}

/** What a threshold chosen on one repository's own history gave. */
export interface OwnHistoryOutcome {
  /** Repositories whose history reached the precision at some threshold (the others stay silent). */
  repositoriesOn: number;
  repositories: number;
  /** Later questions, over all repositories. */
  asked: number;
  answered: number;
  hits: number;
}

/**
 * How well a maintainer would do choosing `unasked.min_confidence` from
 * `askcode eval` on their own history: each repository's questions are cut
 * in two by `order`; on the earlier half (the history) the lowest threshold
 * whose precision reaches `minPrecision` with at least `minAnswered`
 * answered is chosen (none: the repository stays silent), and that
 * threshold answers the later half. The sum over repositories is what the
 * choice delivers on questions it never saw.
 *
 * @example
 * ownHistoryThresholds(points, { minPrecision: 0.9, minAnswered: 3 })
 * // { repositoriesOn: 5, repositories: 24, asked: 218, answered: 20, hits: 10 }
 */
export function ownHistoryThresholds(
  points: readonly RepositoryGatePoint[],
  options: { minPrecision: number; minAnswered: number },
): OwnHistoryOutcome {
  const byRepository = new Map<string, RepositoryGatePoint[]>();
  for (const p of points) {
    const questions = byRepository.get(p.repo);
    if (questions) questions.push(p);
    else byRepository.set(p.repo, [p]);
  }
  const outcome: OwnHistoryOutcome = {
    repositoriesOn: 0,
    repositories: byRepository.size,
    asked: 0,
    answered: 0,
    hits: 0,
  };
  for (const questions of byRepository.values()) {
    const inOrder = [...questions].sort((a, b) => a.order - b.order);
    const history = inOrder.slice(0, Math.floor(inOrder.length / 2));
    const later = inOrder.slice(history.length);
    outcome.asked += later.length;
    const chosen = chooseThreshold(history, options);
    if (!chosen) continue;
    outcome.repositoriesOn += 1;
    const answered = later.filter((p) => p.score >= chosen.threshold);
    outcome.answered += answered.length;
    outcome.hits += answered.filter((p) => p.hit).length;
  }
  return outcome;
}
