/** Client-side route behaviours of spec §2 (stored-state clean-up, impersonation flow). */
export function RouteBehaviours() {
  return null;
}
