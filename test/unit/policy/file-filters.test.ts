import {
  skipReason,
  skipReasonForText,
} from "../../../src/policy/file-filters.js";
import { fileKind } from "../../../src/text/file-kind.js";

const MiB = 1024 * 1024;

describe("skipReason", () => {
  it.each([
    ["node_modules/x/index.js", "vendored"],
    ["third_party/zlib/inflate.c", "vendored"],
    ["cextern/wcslib/C/wcs.c", "vendored"],
    ["pkg/_vendor/six.py", "vendored"],
    ["dist/app.js", "generated"],
    ["src/__pycache__/a.cpython-311.pyc", "generated"],
    ["package-lock.json", "lock-file"],
    ["sub/poetry.lock", "lock-file"],
    ["static/app.min.js", "minified"],
    // Linguist's vendor.yml: "(\\.|-)min\\.(js|css)$"; generated.rb's go_lock?.
    ["static/chart-min.css", "minified"],
    ["Gopkg.lock", "lock-file"],
    ["img/logo.png", "binary"],
    ["docs/diagram.svg", "data"],
    ["locale/fr/LC_MESSAGES/app.po", "data"],
    [".env", "secret"],
    ["config/.env.production", "secret"],
    ["deploy/server.pem", "secret"],
    ["home/.ssh/id_rsa", "secret"],
  ])("skips %s as %s", (path, reason) => {
    expect(skipReason(path, 100)).toBe(reason);
  });

  it.each([
    "src/app.ts",
    "lib/vendors.py",
    "environment.py",
    "docs/index.rst",
    "Makefile",
  ])("reads %s", (path) => {
    expect(skipReason(path, 100)).toBeUndefined();
  });

  it("skips files over the size limit: 512 KiB, and 1 MiB for source code", () => {
    expect(skipReason("data/fixtures.txt", 600 * 1024)).toBe("too-large");
    // A single-header library is read whole.
    expect(skipReason("single_include/json.hpp", 920 * 1024)).toBeUndefined();
    expect(skipReason("src/big.py", 600 * 1024)).toBeUndefined();
    expect(skipReason("src/sqlite3.c", 9 * 1024 * 1024)).toBe("too-large");
    expect(
      skipReason("data/fixtures.txt", 600 * 1024, { maxFileBytes: MiB }),
    ).toBeUndefined();
    expect(
      skipReason("src/big.py", 600 * 1024, { maxFileBytes: 512 * 1024 }),
    ).toBe("too-large");
  });
});

describe("skipReasonForText", () => {
  it("finds binary and minified text", () => {
    expect(skipReasonForText("abc\u0000def")).toBe("binary");
    expect(skipReasonForText(`var a=${"1,".repeat(5000)}0;`)).toBe("minified");
    expect(
      skipReasonForText("def f():\n    return 1\n".repeat(1000)),
    ).toBeUndefined();
  });
});

describe("fileKind", () => {
  it.each([
    ["src/_pytest/python.py", "code"],
    ["testing/test_python.py", "test"],
    ["tests/unit/test_a.py", "test"],
    ["pkg/conftest.py", "test"],
    ["src/queue.test.ts", "test"],
    ["src/__tests__/queue.ts", "test"],
    ["docs/usage.rst", "docs"],
    ["CHANGES.rst", "docs"],
    ["README.md", "docs"],
    ["doc/conf.py", "code"],
    ["package.json", "data"],
    ["setup.cfg", "data"],
  ])("classifies %s as %s", (path, kind) => {
    expect(fileKind(path)).toBe(kind);
  });
});

describe("skipReasonForText on long lines", () => {
  it("skips a file with one machine-written line among short ones", () => {
    const text =
      "def f():\n    return 1\n".repeat(200) +
      `INDEX = ${JSON.stringify("x".repeat(6000))}\n`;
    expect(skipReasonForText(text)).toBe("minified");
  });
});
