import { defineBlock, noProps } from '../define-block';

/** The signed-in user's trips, upcoming then past, or the one a trip link opens (issue 13). */
export default defineBlock({ type: 'trips.list', pages: ['my-trips'], props: noProps });
