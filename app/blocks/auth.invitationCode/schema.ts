import { defineBlock, noProps } from '../define-block';

/** Sign-up: the invitation's access code (shown when the organisation offers invitation sign-up). */
export default defineBlock({ type: 'auth.invitationCode', pages: ['sign-up'], props: noProps });
