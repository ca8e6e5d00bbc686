/** Where Octokit logs: Probot's `app.log` (pino) fits, as does the console. */
export interface OctokitLogger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

// @octokit/rest's request-log plugin writes one line per request, in this form:
// "GET /repos/o/r/contents/a.ts - 304 with id 0400:1F2E:… in 12ms" (info on
// success, error on any thrown answer). See @octokit/plugin-request-log.
const REQUEST_LINE = /^[A-Z]+ \S* - (\d{3}|undefined) with id \S+ in \d+ms$/;

/**
 * The logger handed to askcode's Octokit. @octokit/rest logs every request,
 * and every answer Octokit throws as an error; many are answers, not failures:
 * a 304 serves the response cache at no rate-limit cost, a 404 is "no such
 * file", a 422 "no such ref", and the code host turns each into a result or a
 * typed error the run reports. So request lines go to debug, as Probot logs
 * its own requests, and only 5xx answers and requests that got none (network
 * errors; plugin-retry retries both) reach the operator, as warnings. Anything
 * else Octokit logs passes through. The plugin's "request" debug line, which
 * carries the request options and so the token, is dropped.
 *
 * @example
 * new Octokit({ log: quietRequestLog(app.log) })
 */
export function quietRequestLog(logger: OctokitLogger): OctokitLogger {
  const requestLine = (message: string, fallback: (m: string) => void) => {
    const status = REQUEST_LINE.exec(message)?.[1];
    if (status === undefined) return fallback(message);
    if (status === "undefined" || Number(status) >= 500)
      return logger.warn(message);
    logger.debug(message);
  };
  return {
    debug: (message) => {
      if (message !== "request") logger.debug(message);
    },
    info: (message) => requestLine(message, (m) => logger.info(m)),
    warn: (message) => logger.warn(message),
    error: (message) => requestLine(message, (m) => logger.error(m)),
  };
}
