import { describe, expect, it } from "vitest";
import { ChangeCountCache } from "./change-count-cache";

describe("ChangeCountCache", () => {
  it("gives a page again only at the change count it was read at", () => {
    const cache = new ChangeCountCache<string>(100);
    expect(cache.has("a")).toBe(false);
    cache.set("a", 7, "page a", 10);
    expect(cache.has("a")).toBe(true);
    expect(cache.get("a", 7)).toBe("page a");
    expect(cache.get("a", 8)).toBeUndefined();
    expect(cache.get("a", 6)).toBeUndefined();
    expect(cache.get("b", 7)).toBeUndefined();
  });

  it("keeps the page read at the later count when two reads of one key cross", () => {
    const cache = new ChangeCountCache<string>(100);
    cache.set("a", 9, "newer", 10);
    cache.set("a", 8, "older", 10);
    expect(cache.get("a", 9)).toBe("newer");
    expect(cache.get("a", 8)).toBeUndefined();
    cache.set("a", 10, "newest", 30);
    expect(cache.get("a", 10)).toBe("newest");
    expect(cache.size).toBe(30);
  });

  it("holds at most its size, dropping the pages least recently asked for first", () => {
    const cache = new ChangeCountCache<string>(30);
    cache.set("a", 1, "a", 10);
    cache.set("b", 1, "b", 10);
    cache.set("c", 1, "c", 10);
    expect(cache.get("a", 1)).toBe("a"); // now b is the least recent
    cache.set("d", 1, "d", 10);
    expect([..."abcd"].map((key) => cache.has(key))).toEqual([true, false, true, true]);
    expect(cache.size).toBe(30);
    cache.set("e", 1, "e", 25);
    expect([..."acde"].map((key) => cache.has(key))).toEqual([false, false, false, true]);
    expect(cache.size).toBe(25);
  });

  it("keeps nothing larger than its size, and nothing at all at size 0", () => {
    const cache = new ChangeCountCache<string>(20);
    cache.set("big", 1, "big", 21);
    expect(cache.has("big")).toBe(false);
    cache.set("a", 1, "a", 5);
    cache.set("a", 2, "too big now", 21);
    expect(cache.has("a")).toBe(false);
    expect(cache.size).toBe(0);
    const none = new ChangeCountCache<string>(0);
    none.set("a", 1, "a", 1);
    expect(none.has("a")).toBe(false);
  });
});
