// The demo accounts every organisation is seeded with (README "Demo accounts"): who they are and
// how they sign in. Data only, so the seed's parts and the tests name them without importing the
// seed (and without an import cycle between the seed and its parts).
import type { ConfigRole } from '~/domain/config-access';
import type { Role } from '../platform/db-schema';

/** The one password of every demo account (README lists the accounts). */
export const DEMO_PASSWORD = 'Travel-Demo-2026!';

export type DemoAccount = {
  key: 'member' | 'expired' | 'newuser' | 'agent' | 'demo' | 'blocked' | 'admin';
  firstName: string;
  lastName: string;
  role: Role;
  isDemo?: boolean;
  isBlocked?: boolean;
  plan?: { status: 'ACTIVE' | 'EXPIRED'; debtMinor: number };
  /** Their role in the organisation's configuration console (/admin). */
  configRole?: ConfigRole;
};

export const demoAccounts: readonly DemoAccount[] = [
  { key: 'member', firstName: 'Maya', lastName: 'Member', role: 'member', plan: { status: 'ACTIVE', debtMinor: 0 } },
  { key: 'expired', firstName: 'Evan', lastName: 'Expired', role: 'member', plan: { status: 'EXPIRED', debtMinor: 4_999 } },
  { key: 'newuser', firstName: 'Nora', lastName: 'Newuser', role: 'member' },
  { key: 'agent', firstName: 'Alex', lastName: 'Agent', role: 'agent' },
  { key: 'demo', firstName: 'Dana', lastName: 'Demo', role: 'member', isDemo: true, plan: { status: 'ACTIVE', debtMinor: 0 } },
  { key: 'blocked', firstName: 'Blake', lastName: 'Blocked', role: 'member', isBlocked: true },
  { key: 'admin', firstName: 'Ada', lastName: 'Admin', role: 'admin', configRole: 'org-admin' },
];

/** e.g. member@wanderly.example */
export function demoEmail(orgId: string, key: DemoAccount['key']): string {
  return `${key}@${orgId}.example`;
}
