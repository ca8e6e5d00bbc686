// What a question about contributing says: how to contribute, the project's
// style and conventions, commits and sign-offs, sending a change, running
// the tests, setting up to develop. Words that code questions use too
// ("pull request", "tests") count only in these phrasings, so "where do we
// handle pull request events" is not one.
const ABOUT_CONTRIBUTING = new RegExp(
  [
    String.raw`\bcontribut(?:e|es|ed|ing|ion|ions|or|ors)\b`,
    String.raw`\b(?:code|coding) (?:style|conventions?|standards?)\b`,
    String.raw`\bstyle ?guides?\b`,
    String.raw`\bcommit messages?\b`,
    String.raw`\bsign(?:ed)?[- ]?off\b`,
    String.raw`\b(?:DCO|CLA)\b`,
    String.raw`\b(?:open|opening|submit|submitting|send|sending|make|making|file|filing) (?:a |my |the |your )?(?:pull request|PR|patch|merge request)\b`,
    String.raw`\brun(?:ning)? (?:the |all the |its )?(?:unit |integration )?tests?(?: suite)?\b`,
    String.raw`\b(?:dev|development) (?:environment|setup|set-up)\b`,
    String.raw`\bset(?:ting)? ?up (?:the project|the repo|a dev|for development|to develop)\b`,
  ].join("|"),
  "i",
);

/** A guidance file as `readGuidance` finds it (the fields this needs). */
export interface GuideFile {
  path: string;
  /** A contributor guide (`CONTRIBUTING`), rather than instructions for assistants. */
  forContributors: boolean;
}

/**
 * The guidance file a retrieval answer names when the question is about
 * contributing: the contributor guide when the repository has one, else
 * its first guidance file (an `AGENTS.md` says how to build and test too);
 * undefined for any other question, or when there is none.
 *
 * @example
 * contributingGuide("How do I run the tests before a PR?", [{ path: "AGENTS.md", forContributors: false }, { path: ".github/CONTRIBUTING.md", forContributors: true }])
 * // { path: ".github/CONTRIBUTING.md", forContributors: true }
 * contributingGuide("Where is the retry delay set?", guidance) // undefined
 */
export function contributingGuide<T extends GuideFile>(
  question: string,
  guidance: readonly T[],
): T | undefined {
  if (!ABOUT_CONTRIBUTING.test(question)) return undefined;
  return guidance.find((g) => g.forContributors) ?? guidance[0];
}
