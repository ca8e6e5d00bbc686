// Jest runs our TypeScript as native ESM (Probot 14 and Octokit are ESM-only).
// SWC only strips types; `npm run typecheck` (the `pretest` step) does the checking.
/** @type {import('jest').Config} */
export default {
  testEnvironment: "node",
  extensionsToTreatAsEsm: [".ts"],
  transform: {
    "^.+\\.ts$": [
      "@swc/jest",
      {
        jsc: { parser: { syntax: "typescript" }, target: "es2022" },
        module: { type: "es6" },
      },
    ],
  },
  // Sources import "./x.js" (NodeNext); map it back to the .ts file for jest.
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
  setupFilesAfterEnv: ["<rootDir>/test/setup.ts"],
  // One timeout for every test, stated here only. No test waits on the wall
  // clock (runs take an injected clock; process tests wait on events), so
  // this bounds only how long the CPU work takes: a whole question (the
  // tokenizer's table, syntax trees) or a process started under tsx takes
  // a few seconds on a quiet machine and ten times that on a loaded one
  // (the process restart tests: two processes, two dozen answers, 80 s
  // under `stress-ng --cpu 4`). Jest's 5 s default failed tests there that
  // pass with more time; a real hang still fails, later.
  testTimeout: 120_000,
  testMatch: ["<rootDir>/test/**/*.test.ts"],
  collectCoverageFrom: ["src/**/*.ts"],
  // Each test file's ESM modules stay in the process that ran it (vm contexts
  // leak). With one worker available (a two-core machine) Jest runs every file
  // in its main process, whose heap then grew past 4 GB and aborted the
  // run. A memory limit makes Jest use a worker process and replace it once it
  // has grown past the limit.
  workerIdleMemoryLimit: "1GB",
  // Jest's default is one worker per core but one, so a two-core machine ran
  // the files one after another, idle while a test waited on a child
  // process or Redis. Two workers overlap those waits; no test's outcome
  // depends on the machine's speed, and the timeout above covers the load.
  maxWorkers: 2,
};
