import {
  familyOfLanguage,
  sourceFamilyOf,
} from "../../../../src/eval/baseline/source-files.js";
import {
  baselineDocumentRule,
  isCodeGoldPath,
  isSwebenchDocumentPath,
} from "../../../../src/eval/baseline/swebench-documents.js";

describe("familyOfLanguage", () => {
  it("maps the data sets' language names to a source family, SWE-bench's unnamed rows to Python", () => {
    expect(familyOfLanguage(undefined)).toBe("python");
    expect(familyOfLanguage("cpp")).toBe("c-cpp");
    expect(familyOfLanguage("c")).toBe("c-cpp");
    expect(familyOfLanguage("C++")).toBe("c-cpp");
    expect(familyOfLanguage("js")).toBe("javascript");
    expect(familyOfLanguage("Rust")).toBe("rust");
    expect(familyOfLanguage("java")).toBe("jvm");
    expect(familyOfLanguage("go")).toBe("go");
    expect(familyOfLanguage("ts")).toBe("javascript");
    expect(familyOfLanguage("Kotlin")).toBe("jvm");
    expect(familyOfLanguage("cobol")).toBeUndefined();
    // Known, but not source code the benchmark ranks.
    expect(familyOfLanguage("markdown")).toBeUndefined();
  });
});

describe("sourceFamilyOf", () => {
  it("classifies source files by extension, headers with their language", () => {
    expect(sourceFamilyOf("include/nlohmann/json.hpp")).toBe("c-cpp");
    expect(sourceFamilyOf("lib/zstd.h")).toBe("c-cpp");
    expect(sourceFamilyOf("src/fmt.cc")).toBe("c-cpp");
    expect(sourceFamilyOf("crates/core/main.rs")).toBe("rust");
    expect(sourceFamilyOf("src/plugin/utc/index.js")).toBe("javascript");
    expect(sourceFamilyOf("types/index.d.ts")).toBe("javascript");
    expect(sourceFamilyOf("src/main/java/Json.java")).toBe("jvm");
    expect(sourceFamilyOf("cmd/server.go")).toBe("go");
    expect(sourceFamilyOf("requests/models.py")).toBe("python");
  });

  it("leaves docs, data, build files and stubs SWE-bench does not rank out", () => {
    for (const path of [
      "ChangeLog.md",
      "Cargo.toml",
      "Cargo.lock",
      "CMakeLists.txt",
      "doc/rg.1",
      "src/lexer.re2c",
      "typeshed/builtins.pyi",
      "Makefile",
    ])
      expect(sourceFamilyOf(path)).toBeUndefined();
  });
});

describe("isSwebenchDocumentPath", () => {
  it("keeps Python's documents SWE-bench's *.py by default", () => {
    expect(isSwebenchDocumentPath("requests/models.py")).toBe(true);
    expect(isSwebenchDocumentPath("astropy/wcs/src/wcs.c")).toBe(false);
    expect(
      isSwebenchDocumentPath("sphinx/themes/basic/static/doctools.js"),
    ).toBe(false);
  });

  it("takes the source files of the instance's family, without tests", () => {
    expect(isSwebenchDocumentPath("include/fmt/core.h", "c-cpp")).toBe(true);
    expect(isSwebenchDocumentPath("src/format.cc", "c-cpp")).toBe(true);
    expect(isSwebenchDocumentPath("test/format-test.cc", "c-cpp")).toBe(false);
    expect(isSwebenchDocumentPath("scripts/gen.py", "c-cpp")).toBe(false);
    expect(isSwebenchDocumentPath("src/walk.rs", "rust")).toBe(true);
    expect(isSwebenchDocumentPath("tests/tests.rs", "rust")).toBe(false);
  });
});

describe("isCodeGoldPath", () => {
  it("counts source code of any family and not tests, docs or data", () => {
    expect(isCodeGoldPath("src/dayjs/plugin/utc/index.js")).toBe(true);
    expect(isCodeGoldPath("scripts/amalgamate.py")).toBe(true);
    expect(isCodeGoldPath("include/fmt/format.h")).toBe(true);
    expect(isCodeGoldPath("ChangeLog.md")).toBe(false);
    expect(isCodeGoldPath("Cargo.toml")).toBe(false);
    expect(isCodeGoldPath("tests/test_format.cpp")).toBe(false);
    expect(
      isCodeGoldPath("test/data/json_nlohmann_tests/all_unicode.json"),
    ).toBe(false);
  });
});

describe("baselineDocumentRule", () => {
  it("is SWE-bench's rule for a language with a family, and the language's own files for one without", () => {
    const typescript = baselineDocumentRule("typescript");
    expect(typescript("src/cli/main.ts")).toBe(true);
    expect(typescript("bin/askcode.js")).toBe(true);
    expect(typescript("test/unit/cli/main.test.ts")).toBe(false);
    expect(baselineDocumentRule(undefined)("requests/api.py")).toBe(true);
    expect(baselineDocumentRule(undefined)("src/lib.rs")).toBe(false);
    const ruby = baselineDocumentRule("ruby");
    expect(ruby("lib/rack/utils.rb")).toBe(true);
    expect(ruby("lib/rack/utils.py")).toBe(false);
    expect(ruby("test/spec_utils_test.rb")).toBe(false);
    // No row in the language table: the extension the question is named by.
    expect(baselineDocumentRule("xyz")("lib/thing.xyz")).toBe(true);
    expect(baselineDocumentRule("xyz")("src/eval.c")).toBe(false);
  });
});
