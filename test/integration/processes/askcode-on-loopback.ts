import { runAskcodeProcess } from "../../../src/server/run-askcode-process.js";
import { UnpacedProbotOctokit } from "../../helpers/unpaced-probot-octokit.js";

// askcode's process exactly as src/server/main.ts runs it, but with Probot's
// Octokit as the tests build it: no retries and no throttling. Against the
// loopback stand-in, GitHub's pacing (3 s between comments, 1 s between
// other writes, per installation) would only make a dozen answers take a
// minute of real time.
runAskcodeProcess({
  Octokit: UnpacedProbotOctokit,
});
