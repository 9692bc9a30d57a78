// The contract's schemas in the web app are built when first used, not when their module is evaluated
// (vite-lazy-schemas.ts wraps each constant of the contract that builds schemas in lazySchema): a screen's module
// evaluation, one long task on a phone, then builds none of the hundreds of schemas it imports, and an answer
// builds only the schemas that check it.

/**
 * A stand-in for the object `build` returns, built on the first use of any of its properties (a parse, a
 * method, `instanceof`, `in`, a spread of its keys), then answering as that object does. `build` runs once.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const target = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_stand, key) => {
      const object = target();
      return Reflect.get(object, key, object);
    },
    set: (_stand, key, value) => Reflect.set(target(), key, value),
    has: (_stand, key) => Reflect.has(target(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
    // A shape (an object of schemas) is spread into others: its keys and their descriptors are the built object's.
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_stand, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
