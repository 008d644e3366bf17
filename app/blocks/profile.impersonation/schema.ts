import { defineBlock, noProps } from '../define-block';
import { PROFILE_PAGES } from '~/domain/page-kind-names';

/** Agents and admins: the people they may sign in as. */
export default defineBlock({ type: 'profile.impersonation', pages: PROFILE_PAGES, props: noProps });
