/** Tests that expect console.error call this; otherwise any console.error fails the test. */
export const consoleGuard = { allowed: false };
export function allowConsoleError() {
  consoleGuard.allowed = true;
}
