import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError } from "../../../src/shared/errors.js";
import { readPrivateKey } from "../../../src/server/read-private-key.js";

// A key as GitHub generates them for apps: RSA, PKCS#1 PEM.
const { privateKey: PEM, publicKey: PUBLIC } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});
const BODY = PEM.split("\n")[5]!; // one line of the key's base64

const noFile = (path: string): string => {
  throw Object.assign(new Error(`ENOENT: no such file, open '${path}'`), {
    code: "ENOENT",
  });
};

function errorOf(env: Record<string, string>, readFile = noFile): string {
  try {
    readPrivateKey({ env, readFile });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("readPrivateKey", () => {
  it("reads the key from the file PRIVATE_KEY_PATH names (a mounted secret)", () => {
    const read: string[] = [];
    const key = readPrivateKey({
      env: { PRIVATE_KEY_PATH: "/run/secrets/askcode.pem" },
      readFile: (path) => (read.push(path), PEM),
    });
    expect(key).toStrictEqual({ pem: PEM });
    expect(read).toStrictEqual(["/run/secrets/askcode.pem"]);
  });

  it.each([
    ["the PEM itself", PEM],
    [
      "the PEM in double quotes, as Probot's setup writes it and docker --env-file keeps it",
      `"${PEM.trimEnd().replace(/\n/g, "\\n")}"`,
    ],
    ["the PEM in single quotes", `'${PEM}'`],
    ["one line with \\n escapes", PEM.trimEnd().replace(/\n/g, "\\n")],
    ["one line with \\r\\n escapes", PEM.trimEnd().replace(/\n/g, "\\r\\n")],
    [
      "base64 of the PEM, as Probot accepts",
      Buffer.from(PEM).toString("base64"),
    ],
  ])("takes PRIVATE_KEY as %s", (_form, value) => {
    expect(
      readPrivateKey({ env: { PRIVATE_KEY: value }, readFile: noFile }),
    ).toStrictEqual({ pem: PEM });
  });

  it("is undefined when neither variable is set (empty means unset)", () => {
    expect(
      readPrivateKey({
        env: { PRIVATE_KEY: "", PRIVATE_KEY_PATH: " " },
        readFile: noFile,
      }),
    ).toBeUndefined();
  });

  it("stops the start on a malformed key, says what was wrong, and never prints the key", () => {
    const broken = PEM.replace(BODY, `${BODY.slice(0, 20)}!!${BODY.slice(22)}`);
    const message = errorOf({
      PRIVATE_KEY: `"${broken.replace(/\n/g, "\\n")}"`,
    });
    expect(message).toMatch(
      /^askcode cannot start: PRIVATE_KEY is not a usable GitHub App private key: the text between its BEGIN and END lines does not decode as a RSA PRIVATE KEY \(/,
    );
    expect(message).not.toContain(BODY.slice(0, 20));
    expect(message).not.toContain(BODY.slice(22, 40));
  });

  it.each([
    [
      "a truncated key",
      PEM.slice(0, 300),
      "its -----BEGIN … PRIVATE KEY----- line has no matching -----END line",
    ],
    [
      "the public key",
      PUBLIC,
      "it holds a public key or certificate, not the private key",
    ],
    [
      "something else entirely",
      "my-app-secret",
      "it has no -----BEGIN … PRIVATE KEY----- line",
    ],
  ])("names the problem with %s", (_what, value, problem) => {
    const message = errorOf({ PRIVATE_KEY: value });
    expect(message).toContain(
      `PRIVATE_KEY is not a usable GitHub App private key: ${problem}.`,
    );
    expect(message).not.toContain(value.split("\n")[1] ?? value);
  });

  it("refuses a key that is not RSA: GitHub App keys are", () => {
    const { privateKey } = generateKeyPairSync("ec", {
      namedCurve: "P-256",
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    expect(errorOf({ PRIVATE_KEY: privateKey })).toContain(
      "it is a EC key, and GitHub App keys are RSA",
    );
  });

  it("names a PRIVATE_KEY_PATH that cannot be read, and a file that holds no key", () => {
    expect(errorOf({ PRIVATE_KEY_PATH: "/run/secrets/missing.pem" })).toContain(
      'PRIVATE_KEY_PATH="/run/secrets/missing.pem" cannot be read (ENOENT)',
    );
    expect(
      errorOf({ PRIVATE_KEY_PATH: "/app/.env" }, () => "APP_ID=1\n"),
    ).toContain(
      'the file at PRIVATE_KEY_PATH="/app/.env" is not a usable GitHub App private key: it has no -----BEGIN',
    );
  });

  it("says a directory at PRIVATE_KEY_PATH is what Docker makes for a missing key file, and what to do", () => {
    const dir = mkdtempSync(join(tmpdir(), "askcode-key-"));
    try {
      expect(
        errorOf({ PRIVATE_KEY_PATH: dir }, (path) =>
          readFileSync(path, "utf8"),
        ),
      ).toBe(
        `askcode cannot start: PRIVATE_KEY_PATH=${JSON.stringify(dir)} cannot be read: it is a directory, not the key file. Docker makes an empty directory when -v mounts a host file that does not exist: download the app's private key (the GitHub App's settings page, "Generate a private key"), remove the directory Docker made on the host (it is root's), put the .pem file in its place and start again; \`--mount type=bind,source=…,target=…,readonly\` refuses a missing file instead of making a directory.`,
      );
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it("names the uid and the fix when the key file is not readable by the process", () => {
    const denied = (path: string): string => {
      throw Object.assign(
        new Error(`EACCES: permission denied, open '${path}'`),
        { code: "EACCES" },
      );
    };
    let message = "";
    try {
      readPrivateKey({
        env: { PRIVATE_KEY_PATH: "/run/secrets/askcode.pem" },
        readFile: denied,
        uid: 1000,
      });
    } catch (error) {
      message = (error as ConfigError).message;
    }
    expect(message).toBe(
      'askcode cannot start: PRIVATE_KEY_PATH="/run/secrets/askcode.pem" cannot be read by this process (uid 1000): permission denied. Make the file readable by uid 1000: chmod 0644 the key file on the host (or chown it to uid 1000), or mount it as a secret with mode 0444.',
    );
  });

  it("uses the key file when PRIVATE_KEY is set too (a manifest-flow .env plus a mounted key), and says so", () => {
    const quoted = `"${PEM.trimEnd().replace(/\n/g, "\\n")}"`;
    const other = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      privateKeyEncoding: { type: "pkcs1", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    }).privateKey;
    expect(
      readPrivateKey({
        env: {
          PRIVATE_KEY: quoted,
          PRIVATE_KEY_PATH: "/run/secrets/askcode.pem",
        },
        readFile: () => other,
      }),
    ).toStrictEqual({
      pem: other,
      notice:
        'PRIVATE_KEY and PRIVATE_KEY_PATH are both set: askcode uses the key file at PRIVATE_KEY_PATH="/run/secrets/askcode.pem" and ignores PRIVATE_KEY.',
    });
  });
});
