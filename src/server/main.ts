// First: on an old Node.js, stop with one line before anything else runs.
import "./check-node-version.js";
import { runAskcodeProcess } from "./run-askcode-process.js";

// `node dist/server/main.js`: askcode's process, as the image and `npm start` run it.
runAskcodeProcess();
