import { importsOfFile } from "../../../../src/retrieval/dependencies/imports-of-file.js";
import { packageNamesOf } from "../../../../src/retrieval/dependencies/package-names-of.js";

/** "specifier@line: bindings" for each import of a file. */
function imports(path: string, text: string): string[] {
  return (importsOfFile(path, text)?.imports ?? []).map(
    (i) => `${i.specifier}@${i.line}: ${i.bindings.join(",")}`,
  );
}

describe("importsOfFile", () => {
  it("reads ES imports, re-exports, require and dynamic import with the names they bind", () => {
    const text = `import React, { useState as useLocal, type FC } from "react";
import * as path from "node:path";
import "./styles.css";
export { helper } from "@acme/helpers/sub";
import {
  a,
  b as c,
} from 'multi';
const { sign, verify: check } = require('cookie-signature');
var debug = require('debug')('app');
/**
 * app.engine('ejs', require('ejs').__express);
 */
// const x = require('commented');
const lazy = () => import('lazy-module');
`;
    expect(imports("src/app.tsx", text)).toStrictEqual([
      "react@1: React,useLocal,FC",
      "node:path@2: path",
      "./styles.css@3: ",
      "@acme/helpers/sub@4: ",
      "multi@5: a,c",
      "cookie-signature@9: sign,check",
      "debug@10: debug",
      "lazy-module@15: ",
    ]);
  });

  it("reads Python imports, relative ones keeping their dots", () => {
    const text = `import os.path, json as j
from urllib3.util.retry import Retry as R
from .models import (
    Request,
    Response,
)
from . import utils
def f():
    import yaml  # late
`;
    expect(imports("pkg/client.py", text)).toStrictEqual([
      "os.path@1: os",
      "json@1: j",
      "urllib3.util.retry@2: R",
      ".models@3: Request,Response",
      ".@7: utils",
      "yaml@9: yaml",
    ]);
  });

  it("reads Rust use trees and extern crates", () => {
    const text = `use std::io;
pub(crate) use serde::{de::Visitor, Serialize as S, self};
extern crate serde_json as json;
/// use not_an_import::Thing;
`;
    expect(imports("src/lib.rs", text)).toStrictEqual([
      "std@1: io",
      "serde@2: Visitor,S",
      "serde_json@3: json",
    ]);
  });

  it("reads Go imports, single and in blocks, with the package name each binds", () => {
    const text = `package cli

import "fmt"

import (
\tflag "github.com/spf13/pflag"
\t"github.com/mattn/go-isatty"
\t_ "embed"
\t"gopkg.in/yaml.v3"
\t"github.com/cpuguy83/go-md2man/v2/md2man"
)
`;
    expect(imports("cmd/root.go", text)).toStrictEqual([
      "fmt@3: fmt",
      "github.com/spf13/pflag@6: flag",
      "github.com/mattn/go-isatty@7: isatty",
      "embed@8: ",
      "gopkg.in/yaml.v3@9: yaml",
      "github.com/cpuguy83/go-md2man/v2/md2man@10: md2man",
    ]);
  });

  it("reads no imports of other files", () => {
    expect(importsOfFile("README.md", "import x from 'y'")).toBeUndefined();
  });
});

describe("packageNamesOf", () => {
  it("names the npm package without its subpath, and none for relative imports and Node's own modules", () => {
    expect(packageNamesOf("npm", "router")).toStrictEqual(["router"]);
    expect(packageNamesOf("npm", "lodash/fp/map")).toStrictEqual(["lodash"]);
    expect(packageNamesOf("npm", "@octokit/rest/dist")).toStrictEqual([
      "@octokit/rest",
    ]);
    for (const local of [
      "./view",
      "../lib",
      "/abs",
      "node:fs",
      "fs",
      "fs/promises",
      "path",
    ])
      expect(packageNamesOf("npm", local)).toStrictEqual([]);
  });

  it("names Python's top-level module, Rust's crate and every prefix of a Go path", () => {
    expect(packageNamesOf("python", "Charset_Normalizer.api")).toStrictEqual([
      "charset_normalizer",
    ]);
    expect(packageNamesOf("python", ".models")).toStrictEqual([]);
    expect(packageNamesOf("cargo", "serde")).toStrictEqual(["serde"]);
    expect(packageNamesOf("go", "go.yaml.in/yaml/v3")).toStrictEqual([
      "go.yaml.in/yaml/v3",
      "go.yaml.in/yaml",
      "go.yaml.in",
    ]);
  });
});
