// Imported first by main.ts, so that on a Node.js older than askcode needs
// the process stops with one line that says so before any other module runs.
import { exitOnOldNode } from "../shared/node-version-problem.js";

exitOnOldNode();
