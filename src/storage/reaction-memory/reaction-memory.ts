/**
 * The 👎 count each of askcode's answers had when askcode last read it, so
 * reading a thread again counts only what is new. One process keeps it in
 * the embedded store (`createSqliteReactionMemory`), so a restart does not
 * count an answer's 👎 again; replicas share Redis
 * (`createRedisReactionMemory`), so two replicas reading one thread do not
 * both count its 👎.
 */
export interface ReactionMemory {
  /** Remembers `count` for the answer comment; resolves the count remembered before (0: never seen). */
  swap(commentId: number, count: number): Promise<number>;
}
