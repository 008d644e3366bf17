import { defineBlock, noProps } from '../define-block';
import { PROFILE_PAGES } from '~/domain/page-kind-names';

/** Who is signed in: name, e-mail, role. */
export default defineBlock({ type: 'profile.summary', pages: PROFILE_PAGES, props: noProps });
