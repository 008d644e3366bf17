import { messageKey } from './define-block';

/** The props of a link between the sign-in forms: an optional prompt before the link's text. */
export const authLinkProps = {
  type: 'object',
  properties: { promptKey: messageKey, linkKey: messageKey },
  additionalProperties: false,
} as const;
