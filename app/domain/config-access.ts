// Who may do what with an organisation's configuration (docs/decisions/0063), decided here and
// enforced on the server for every console route and action: per organisation a viewer, editor,
// publisher or org admin; a platform admin may act on every organisation.
export const CONFIG_ROLES = ['viewer', 'editor', 'publisher', 'org-admin', 'platform-admin'] as const;
export type ConfigRole = (typeof CONFIG_ROLES)[number];

export const CONFIG_ACTIONS = ['read', 'save', 'approve', 'publish', 'rollback', 'manage'] as const;
/** read: history, diff, audit, preview; save: drafts; manage: roles and four eyes. */
export type ConfigAction = (typeof CONFIG_ACTIONS)[number];

const ALLOWED: Record<ConfigRole, readonly ConfigAction[]> = {
  viewer: ['read'],
  editor: ['read', 'save'],
  publisher: ['read', 'save', 'approve', 'publish', 'rollback'],
  'org-admin': ['read', 'save', 'approve', 'publish', 'rollback', 'manage'],
  'platform-admin': ['read', 'save', 'approve', 'publish', 'rollback', 'manage'],
};

export function isConfigRole(value: unknown): value is ConfigRole {
  return (CONFIG_ROLES as readonly unknown[]).includes(value);
}

/** Whether `role` (none: no access at all) allows `action`. */
export function configAllows(role: ConfigRole | null, action: ConfigAction): boolean {
  return role !== null && ALLOWED[role].includes(action);
}

/** The roles an org admin may hand out in their organisation (never the platform's). */
export const GRANTABLE_ROLES: readonly ConfigRole[] = ['viewer', 'editor', 'publisher', 'org-admin'];
