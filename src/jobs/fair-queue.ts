/**
 * Items waiting their turn, taken round-robin at every level of a path of
 * keys. With paths `[installation, repository]`: each installation in turn,
 * within it each repository in turn, and within a repository the order the
 * items came. A key with nothing left drops out of its rotation; a new one
 * joins at the end of it.
 *
 * @example
 * const queue = createFairQueue<string>();
 * queue.push(["1", "a/x"], "x1"); queue.push(["1", "a/x"], "x2");
 * queue.push(["2", "b/y"], "y1");
 * [queue.shift(), queue.shift(), queue.shift()] // ["x1", "y1", "x2"]
 */
export interface FairQueue<T> {
  push(path: readonly string[], item: T): void;
  /** The next item in turn; undefined when none waits. */
  shift(): T | undefined;
  /** Takes every waiting item out, in turn order. */
  drain(): T[];
  readonly size: number;
}

interface Turn<T> {
  /** Items in arrival order (the last level of the path). */
  items: T[];
  children: Map<string, Turn<T>>;
  /** Keys of `children` that have items, the next one first. */
  rotation: string[];
}

export function createFairQueue<T>(): FairQueue<T> {
  const root = newTurn<T>();
  let size = 0;

  function take(turn: Turn<T>): T | undefined {
    if (turn.items.length > 0) return turn.items.shift();
    const key = turn.rotation.shift();
    if (key === undefined) return undefined;
    const child = turn.children.get(key)!;
    const item = take(child);
    if (child.items.length === 0 && child.rotation.length === 0)
      turn.children.delete(key);
    else turn.rotation.push(key);
    return item;
  }

  const queue: FairQueue<T> = {
    push(path, item) {
      let turn = root;
      for (const key of path) {
        let child = turn.children.get(key);
        if (!child) {
          child = newTurn();
          turn.children.set(key, child);
          turn.rotation.push(key);
        }
        turn = child;
      }
      turn.items.push(item);
      size++;
    },
    shift() {
      const item = take(root);
      if (item !== undefined) size--;
      return item;
    },
    drain() {
      const all: T[] = [];
      for (let item = queue.shift(); item !== undefined; item = queue.shift())
        all.push(item);
      return all;
    },
    get size() {
      return size;
    },
  };
  return queue;
}

function newTurn<T>(): Turn<T> {
  return { items: [], children: new Map(), rotation: [] };
}
