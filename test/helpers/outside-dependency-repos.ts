import type { OutsideDependency } from "../../src/retrieval/dependencies/find-outside-dependencies.js";

/**
 * Small repositories whose answers lead into packages they depend on, for
 * the tests of `findOutsideDependencies` and of what the answers say of it.
 * Line numbers the tests assert are noted beside the lines.
 */

/**
 * An Express-like web framework: its router and final handler are npm
 * packages (package.json lines 7-11), its views a file of its own.
 */
export const WEB_FRAMEWORK: Record<string, string> = {
  "package.json": `{
  "name": "webkit",
  "version": "1.0.0",
  "keywords": ["router", "web"],
  "dependencies": {
    "finalhandler": "^2.1.0",
    "http-errors": "^2.0.0",
    "path": "^0.12.7",
    "router": "^2.2.0",
    "webkit-views": "workspace:*"
  },
  "devDependencies": {
    "ejs": "^3.1.10",
    "supertest": "^6.3.0"
  }
}
`,
  // Line 2: finalhandler; line 6: router; line 29: router.use(…, next).
  "lib/application.js": `'use strict';
var finalhandler = require('finalhandler');
var http = require('node:http');
var resolve = require('path').resolve;
var View = require('./view');
var Router = require('router');
var views = require('webkit-views');

var app = exports = module.exports = {};

/**
 * Register a template engine, as in
 *   app.engine('ejs', require('ejs').__express);
 */
app.engine = function engine(ext, fn) {
  this.engines[ext] = fn;
  return this;
};

app.handle = function handle(req, res, callback) {
  var done = callback || finalhandler(req, res, { onerror: logerror });
  this.router.handle(req, res, done);
};

app.use = function use(fn) {
  var path = '/';
  var router = this.router;
  router.use(path, function mounted_app(req, res, next) {
    fn.handle(req, res, function (err) {
      next(err);
    });
  });
  return this;
};

app.listen = function listen() {
  var server = http.createServer(this);
  return server.listen.apply(server, arguments);
};

app.render = function render(name, options, callback) {
  var view = new View(name, { root: resolve('views'), engines: views.engines });
  view.render(options, callback);
};

function logerror(err) {
  console.error(err.stack || err.toString());
}
`,
  "lib/response.js": `'use strict';
var createError = require('http-errors');

var res = module.exports = {};

res.format = function format(obj) {
  var req = this.req;
  var next = req.next;
  var key = Object.keys(obj)[0];
  if (key) {
    obj[key](req, this, next);
  } else {
    next(createError(406, { types: Object.keys(obj) }));
  }
  return this;
};

res.sendFile = function sendFile(path, callback) {
  var done = callback || function (err) {
    if (err) this.req.next(err);
  };
  this.stream(path, done);
};
`,
  "lib/view.js": `'use strict';
module.exports = View;

function View(name, options) {
  this.name = name;
  this.root = options.root;
}

View.prototype.render = function render(options, callback) {
  callback(null, this.name);
};
`,
  // A package of this repository: what imports it never leaves the repository.
  "packages/webkit-views/package.json": `{ "name": "webkit-views", "version": "1.0.0" }\n`,
  "packages/webkit-views/index.js": `exports.engines = {};\n`,
  "test/app.use.js": `var request = require('supertest');
var app = require('../lib/application');

describe('app.use()', function () {
  it('should call next(err) on error', function (done) {
    request(app).get('/').expect(500, done);
  });
});
`,
};

/** A Python client on requests (pyproject.toml line 4), with a local package of its own. */
export const PYTHON_CLIENT: Record<string, string> = {
  "pyproject.toml": `[project]
name = "fetchit"
dependencies = [
    "requests>=2.31",
    "PyYAML>=6",
]

[project.optional-dependencies]
socks = ["PySocks>=1.5.6, !=1.5.7"]

[dependency-groups]
test = ["pytest>=8", { include-group = "lint" }]
`,
  "fetchit/__init__.py": `from .client import Client\n`,
  // Line 5: import requests; line 6: HTTPAdapter; lines 15-16: their uses.
  "fetchit/client.py": `import json
import os.path
from typing import Any

import requests
from requests.adapters import HTTPAdapter

from .config import load_config


class Client:
    """Fetches JSON documents, retrying failed connections."""

    def __init__(self, retries: int = 3):
        self.session = requests.Session()
        self.session.mount("https://", HTTPAdapter(max_retries=retries))
        self.config = load_config(os.path.join("etc", "fetchit.yaml"))

    def fetch(self, url: str) -> Any:
        response = self.session.get(url, timeout=10)
        response.raise_for_status()
        return json.loads(response.text)
`,
  "fetchit/config.py": `import yaml


def load_config(path):
    with open(path) as f:
        return yaml.safe_load(f)
`,
};

/** What `findOutsideDependencies` finds in WEB_FRAMEWORK for "how does next(err) choose an error handler". */
export const ROUTER_FOUND: OutsideDependency = {
  ecosystem: "npm",
  name: "router",
  declared: { path: "package.json", line: 9, text: '"router": "^2.2.0"' },
  imported: {
    path: "lib/application.js",
    line: 6,
    text: "var Router = require('router');",
  },
  used: {
    path: "lib/application.js",
    line: 28,
    text: "router.use(path, function mounted_app(req, res, next) {",
  },
  link: { how: "not-defined-here", name: "next" },
  rank: 2,
};

/** A package the question names, used only where it is imported. */
export const QS_FOUND: OutsideDependency = {
  ecosystem: "npm",
  name: "qs",
  declared: { path: "package.json", line: 12, text: '"qs": "^6.15.2"' },
  imported: { path: "lib/utils.js", line: 3, text: "var qs = require('qs');" },
  used: { path: "lib/utils.js", line: 3, text: "var qs = require('qs');" },
  link: { how: "named", name: "qs" },
  rank: 1,
};
