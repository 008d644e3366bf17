import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False on the server and in the render that hydrates the page, true from then on (and at once in
 * a part first drawn in the browser, after a client navigation): for controls that work only with
 * the script, and for drawings the server leaves to the browser.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
