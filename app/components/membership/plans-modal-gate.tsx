import { useLocation } from '@remix-run/react';
import { type ComponentType, Suspense, lazy, useEffect, useState } from 'react';
import { useShell } from '~/components/shell-context';

/**
 * The modal, its payment form and its live status channel are loaded only on the plans
 * routes and only in the browser: the modal opens after the plans fetch answers, so the
 * server has nothing to render, and no other page pays for its code. If its code cannot be
 * loaded (a tab left open across a deploy), the page goes on without the modal.
 */
const PlansModalHost = lazy<ComponentType>(() => import('./plans-modal').catch(() => ({ default: () => null })));

/** The membership plans modal (app/components/membership/plans-modal.tsx) on the organisation's plan routes. */
export function PlansModal() {
  const { org } = useShell();
  const { pathname } = useLocation();
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  if (!inBrowser || !org.membership.plansModal.routes.includes(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <PlansModalHost key={pathname} />
    </Suspense>
  );
}
