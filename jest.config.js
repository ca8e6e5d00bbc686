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
  testMatch: ["<rootDir>/test/**/*.test.ts"],
  collectCoverageFrom: ["src/**/*.ts"],
  // Each test file's ESM modules stay in the process that ran it (vm contexts
  // leak). With one worker available (a two-core machine) Jest runs every file
  // in its main process, whose heap then grew past 4 GB and aborted the
  // run. A memory limit makes Jest use a worker process and replace it once it
  // has grown past the limit.
  workerIdleMemoryLimit: "1GB",
};
