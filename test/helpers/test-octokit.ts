import {
  createOctokit,
  type AskcodeOctokit,
} from "../../src/code-host/github/create-octokit.js";

const silentLogger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};

/**
 * The production Octokit (throttling and retry included) with every wait
 * shrunk to a millisecond per second, so fault tests run the real policy fast.
 */
export function createTestOctokit(
  overrides: { serverErrorRetries?: number; maxRateLimitRetries?: number } = {},
): AskcodeOctokit {
  return createOctokit({
    id: `test-${Math.random().toString(36).slice(2)}`,
    auth: "ghs_testinstallationtoken",
    retryAfterBaseValue: 1,
    serverErrorRetries: overrides.serverErrorRetries ?? 3,
    maxRateLimitRetries: overrides.maxRateLimitRetries ?? 2,
    logger: silentLogger,
  });
}
