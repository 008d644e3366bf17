import { defineBlock, noProps } from '../define-block';
import { PROFILE_PAGES } from '~/domain/page-kind-names';

/** The member's subscription details (spec §3), or the way to a plan. */
export default defineBlock({ type: 'profile.membership', pages: PROFILE_PAGES, props: noProps });
