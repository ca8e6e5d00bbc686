import { generateKeyPairSync } from "node:crypto";
import { readAppCredentials } from "../../../src/server/read-app-credentials.js";

const { privateKey: PEM } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});
const readFile = (path: string): string => {
  throw new Error(`no file ${path} in this test`);
};

describe("readAppCredentials", () => {
  it("reads the app's ID, key and webhook secret", () => {
    expect(
      readAppCredentials({
        env: { APP_ID: "123456", PRIVATE_KEY: PEM, WEBHOOK_SECRET: "s3cret" },
        readFile,
      }),
    ).toStrictEqual({
      kind: "app",
      appId: 123456,
      privateKey: PEM,
      webhookSecret: "s3cret",
    });
  });

  it("falls back to Probot's setup flow without an app ID or key, as `probot run` does", () => {
    expect(
      readAppCredentials({ env: { APP_ID: "", PRIVATE_KEY: "" }, readFile }),
    ).toStrictEqual({
      kind: "setup",
      missing: ["APP_ID", "PRIVATE_KEY or PRIVATE_KEY_PATH"],
    });
    expect(
      readAppCredentials({ env: { PRIVATE_KEY: PEM }, readFile }),
    ).toStrictEqual({
      kind: "setup",
      missing: ["APP_ID"],
    });
  });

  it("stops the start in production instead, naming what is missing", () => {
    expect(() =>
      readAppCredentials({
        env: { NODE_ENV: "production", APP_ID: "12" },
        readFile,
      }),
    ).toThrow(
      "askcode cannot start: PRIVATE_KEY or PRIVATE_KEY_PATH is not set, and NODE_ENV=production turns off the setup flow.",
    );
  });

  it("carries the notice that the key file won over PRIVATE_KEY, for the start to log", () => {
    expect(
      readAppCredentials({
        env: {
          APP_ID: "12",
          PRIVATE_KEY: "not even a key: the file wins",
          PRIVATE_KEY_PATH: "/run/secrets/askcode.pem",
          WEBHOOK_SECRET: "s3cret",
        },
        readFile: () => PEM,
      }),
    ).toStrictEqual({
      kind: "app",
      appId: 12,
      privateKey: PEM,
      webhookSecret: "s3cret",
      notice:
        'PRIVATE_KEY and PRIVATE_KEY_PATH are both set: askcode uses the key file at PRIVATE_KEY_PATH="/run/secrets/askcode.pem" and ignores PRIVATE_KEY.',
    });
  });

  it("names a malformed APP_ID and a missing webhook secret", () => {
    expect(() =>
      readAppCredentials({ env: { APP_ID: "askcode" }, readFile }),
    ).toThrow('APP_ID="askcode" is not allowed: the app\'s numeric ID');
    expect(() =>
      readAppCredentials({ env: { APP_ID: "12", PRIVATE_KEY: PEM }, readFile }),
    ).toThrow("askcode cannot start: WEBHOOK_SECRET is not set.");
  });
});
