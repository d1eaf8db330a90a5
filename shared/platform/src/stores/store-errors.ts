/** Thrown by every store method called after `close()`: a closed store must not look healthy. */
export class StoreClosedError extends Error {
  constructor() {
    super('key/value store is closed');
    this.name = 'StoreClosedError';
  }
}

/** Thrown when a counter operation meets a key whose value is not an integer. */
export class StoreValueNotIntegerError extends Error {
  readonly key: string;

  constructor(key: string) {
    super(`value at "${key}" is not an integer`);
    this.name = 'StoreValueNotIntegerError';
    this.key = key;
  }
}
