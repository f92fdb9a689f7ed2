/** The subscribe half of a store React reads with `useSyncExternalStore`: whoever subscribed is told of each change. */
export class Subscribers {
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  notify() {
    for (const listener of this.listeners) listener();
  }

  clear() {
    this.listeners.clear();
  }
}
