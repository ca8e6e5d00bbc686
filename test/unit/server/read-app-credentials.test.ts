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

  it("stops the start in production instead, naming every variable to set and where its value is", () => {
    expect(() =>
      readAppCredentials({
        env: { NODE_ENV: "production", APP_ID: "12", WEBHOOK_SECRET: "s" },
        readFile,
      }),
    ).toThrow(
      new Error(
        'askcode cannot start: PRIVATE_KEY or PRIVATE_KEY_PATH is not set, and NODE_ENV=production turns off the setup flow. Set PRIVATE_KEY (the app\'s private key, PEM) or PRIVATE_KEY_PATH (the path of its .pem file; "Generate a private key" on the settings page); then start again.',
      ),
    );
    expect(() =>
      readAppCredentials({ env: { NODE_ENV: "production" }, readFile }),
    ).toThrow(
      new Error(
        "askcode cannot start: APP_ID, PRIVATE_KEY or PRIVATE_KEY_PATH, WEBHOOK_SECRET are not set, and NODE_ENV=production turns off the setup flow. Set APP_ID (the App ID on the GitHub App's settings page), and PRIVATE_KEY (the app's private key, PEM) or PRIVATE_KEY_PATH (the path of its .pem file; \"Generate a private key\" on the settings page), and WEBHOOK_SECRET (the webhook secret entered on the settings page); then start again.",
      ),
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
