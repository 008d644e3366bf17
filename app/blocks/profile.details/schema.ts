import { defineBlock, noProps } from '../define-block';

/** /user-details: the user's own traveller details (name, e-mail, phone, nationality). */
export default defineBlock({ type: 'profile.details', pages: ['user-details'], props: noProps });
