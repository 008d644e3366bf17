import { defineBlock, noProps } from '../define-block';

/** /user-details: the people the user often books for, to add, edit and delete. */
export default defineBlock({ type: 'profile.travelers', pages: ['user-details'], props: noProps });
