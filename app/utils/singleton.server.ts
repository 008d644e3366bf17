// The Express server (run by tsx) and the Remix server bundle each load their own copy of
// app modules. Anything that must exist once per process (the database handle, the pub/sub
// bus, the config registry) is kept on globalThis so both copies share it.
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as { __singletons?: Map<string, unknown> };
  store.__singletons ??= new Map();
  if (!store.__singletons.has(name)) store.__singletons.set(name, create());
  return store.__singletons.get(name) as T;
}

export function setSingleton<T>(name: string, value: T): void {
  const store = globalThis as unknown as { __singletons?: Map<string, unknown> };
  store.__singletons ??= new Map();
  store.__singletons.set(name, value);
}
