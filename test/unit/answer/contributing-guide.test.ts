import { contributingGuide } from "../../../src/answer/contributing-guide.js";

const AGENTS = { path: "AGENTS.md", forContributors: false };
const GUIDE = { path: ".github/CONTRIBUTING.md", forContributors: true };

describe("contributingGuide", () => {
  it.each([
    "How can I contribute a new parser?",
    "Is there a style guide for this repo?",
    "What should my commit messages look like?",
    "Do I need to sign off my commits?",
    "Do you need a CLA before I open a PR?",
    "how do I run the tests locally?",
    "What's the dev environment setup?",
    "Before submitting a patch, what checks run?",
  ])("names the contributor guide for %j", (question) => {
    expect(contributingGuide(question, [AGENTS, GUIDE])).toBe(GUIDE);
  });

  it.each([
    "Where do we handle pull request events?",
    "Why does the test for retries fail on Windows?",
    "Which function parses the config file?",
    "Where is the retry delay set?",
  ])("names nothing for the code question %j", (question) => {
    expect(contributingGuide(question, [AGENTS, GUIDE])).toBeUndefined();
  });

  it("falls back to the first guidance file when there is no contributor guide, and to nothing without guidance", () => {
    expect(contributingGuide("How do I contribute?", [AGENTS])).toBe(AGENTS);
    expect(contributingGuide("How do I contribute?", [])).toBeUndefined();
  });
});
