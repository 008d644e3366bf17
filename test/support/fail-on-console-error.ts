import { afterEach, beforeEach, vi } from 'vitest';
import { consoleGuard } from './console-guard';

// An unexpected console.error is a bug: it fails the test unless the test called allowConsoleError().
let spy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  consoleGuard.allowed = false;
  spy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = spy?.mock.calls ?? [];
  spy?.mockRestore();
  if (calls.length > 0 && !consoleGuard.allowed) {
    throw new Error(`console.error was called:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
  }
});
