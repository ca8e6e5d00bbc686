import { runAskcodeProcess } from "./run-askcode-process.js";

// `node dist/server/main.js`: askcode's process, as the image and `npm start` run it.
runAskcodeProcess();
