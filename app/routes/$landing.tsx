// The landings that open with no search (/hotels) and every other one-segment path (a 404 from
// the loader); the landings with a search are mounted through their form's module
// (app/pages/landing/*.tsx, remix.config.js, docs/decisions/0037).
import { LandingPage } from '~/pages/landing-route';

export { handle, loader, meta } from '~/pages/landing-route';

export default function Landing() {
  return <LandingPage />;
}
