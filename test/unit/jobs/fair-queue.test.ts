import { createFairQueue } from "../../../src/jobs/fair-queue.js";

describe("createFairQueue", () => {
  it("takes installations in turn, then their repositories in turn, then items in arrival order", () => {
    const queue = createFairQueue<string>();
    for (let n = 1; n <= 3; n++) queue.push(["1", "big/a"], `a${n}`);
    queue.push(["1", "big/b"], "b1");
    queue.push(["2", "small/c"], "c1");
    queue.push(["2", "small/c"], "c2");
    expect(queue.size).toBe(6);
    expect(queue.drain()).toStrictEqual(["a1", "c1", "b1", "c2", "a2", "a3"]);
    expect(queue.size).toBe(0);
    expect(queue.shift()).toBeUndefined();
  });

  it("puts a key that comes back after emptying at the end of its rotation", () => {
    const queue = createFairQueue<string>();
    queue.push(["x"], "x1");
    queue.push(["y"], "y1");
    expect(queue.shift()).toBe("x1"); // x is empty and leaves the rotation
    queue.push(["x"], "x2");
    queue.push(["y"], "y2");
    expect(queue.drain()).toStrictEqual(["y1", "x2", "y2"]);
  });
});
