import { defineBlock, noProps } from '../define-block';
import { PROFILE_PAGES } from '~/domain/page-kind-names';

/** The member's saved cards, where the organisation offers them. */
export default defineBlock({ type: 'profile.savedCards', pages: PROFILE_PAGES, props: noProps });
