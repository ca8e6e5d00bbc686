import { isSecretPath } from "../../../src/policy/secret-files.js";
import { skipReason } from "../../../src/policy/file-filters.js";

describe("isSecretPath", () => {
  it.each([
    ".env",
    "config/.env.production",
    ".env.local",
    "deploy/production.env",
    "deploy/server.pem",
    "certs/tls.KEY",
    "home/.ssh/id_rsa",
    "id_ed25519.pub",
    "ios/AuthKey_ABC123.p8",
    "signing/release.p12",
    "signing/release.pfx",
    "android/app/upload.keystore",
    "android/app/release.jks",
    "credentials.json",
    "gcp/credentials-prod.json",
    "deploy/gcp-credentials.json",
    "service-account-key.json",
    ".aws/credentials",
    ".npmrc",
    "packages/web/.npmrc",
    ".pypirc",
    ".netrc",
    ".git-credentials",
    ".pgpass",
    "secrets.yml",
    "config/secrets.py",
    "k8s/secret.yaml",
    "infra/terraform.tfstate",
    "infra/prod.tfstate",
    ".docker/config.json",
    "ops/.ssh/config",
    "vault.kdbx",
    "etc/passwd",
    "backup/etc/shadow",
    "etc/gshadow",
    "etc/master.passwd",
  ])("%s is a secret", (path) => {
    expect(isSecretPath(path)).toBe(true);
    // Retrieval uses the same rule.
    expect(skipReason(path, 100)).toBe("secret");
  });

  it.each([
    ".env.example",
    ".env.sample",
    ".env.template",
    "config/.env.local.example",
    ".env.dist",
    "secrets.example.yml",
    "src/policy/secret-files.ts",
    "src/secret.go",
    "src/auth/token.ts",
    "docs/credentials.md",
    "src/keyboard.ts",
    "monkey.py",
    "environment.ts",
    "src/env.ts",
    "README.md",
    "id_rsa_parser.py/README.md",
    "src/passwd.c",
    "css/shadow.css",
    "",
  ])("%s is not a secret", (path) => {
    expect(isSecretPath(path)).toBe(false);
  });
});
