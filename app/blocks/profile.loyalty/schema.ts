import { defineBlock, noProps } from '../define-block';
import { PROFILE_PAGES } from '~/domain/page-kind-names';

/** The member's points: each type's available and pending points, the loyalty membership number, the latest movements (issue 34). */
export default defineBlock({ type: 'profile.loyalty', pages: PROFILE_PAGES, props: noProps });
