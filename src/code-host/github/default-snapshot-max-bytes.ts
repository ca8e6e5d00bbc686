/**
 * Default cap on the text a snapshot keeps (the files retrieval reads, see
 * `snapshotKeeps`). A file of its own: the CLI opens its caches with it
 * without loading the tarball reader (tar-stream and its streams: about
 * 12 ms of every `askcode ask`).
 */
export const DEFAULT_SNAPSHOT_MAX_BYTES = 100 * 1024 * 1024;
