import type { ActionFunctionArgs } from '@remix-run/node';
import {
  type CardCaller,
  cardBodies,
  cardServiceDelete,
  cardServiceSetDefault,
  cardServiceUpdate,
  legacyDefaultCard,
  legacyDelete,
  legacyListCards,
  legacySetDefault,
  legacySupplierPg,
  methodNotAllowed,
  saveCardFromNonce,
  savedCardNonce,
} from '~/http/card-api.server';
import { readCardCall } from '~/http/card-call.server';
import { requireCardUseWithinLimits } from '~/http/card-velocity.server';
import type { ApiBodyValidator } from '~/services/platform/api-body-schema.server';

/**
 * A saved-card call as a row (~/http/card-call.server): its one method (405 otherwise, GET
 * included), the session, the body by its schema in the card calls' envelope, then what answers
 * it, which may also read the request's path parameters and headers.
 */
function cardCall<T>(method: 'POST' | 'DELETE', validate: ApiBodyValidator<T>, answer: (caller: CardCaller, body: T, args: ActionFunctionArgs) => Promise<Response>) {
  return {
    action: async (args: ActionFunctionArgs) => {
      const { caller, body } = await readCardCall(args.request, args.context, method, validate);
      return answer(caller, body, args);
    },
    loader: () => {
      throw methodNotAllowed(method);
    },
  };
}

/** The saved-card calls (spec §7 "Card service", "Legacy card calls"; docs/api.md shows the fields), by path. */
export const savedCardEndpoints = {
  /** Makes one of the user's cards the default. */
  '/api/card-service/v1/card/set_default_card': cardCall('POST', cardBodies.setDefault, (caller, body, { request }) =>
    cardServiceSetDefault(caller, body, request.headers.get('api-key')),
  ),
  /** DELETE /api/card-service/v1/card/delete/{email}: deletes one of the user's cards. */
  '/api/card-service/v1/card/delete/:email': cardCall('DELETE', cardBodies.delete, (caller, body, { params }) => cardServiceDelete(caller, body, params.email ?? '')),
  /** Renames one of the user's cards. */
  '/api/card-service/v1/card/update/:email': cardCall('POST', cardBodies.update, (caller, body, { params }) => cardServiceUpdate(caller, body, params.email ?? '')),
  /** The user's cards in the first provider's shape. */
  '/api/booking/getUserCreditCards': cardCall('POST', cardBodies.list, legacyListCards),
  /** The legacy set-default. */
  '/api/booking/setDefaultCard': cardCall('POST', cardBodies.legacyCard, legacySetDefault),
  /** The legacy delete. */
  '/api/booking/deletecard': cardCall('POST', cardBodies.legacyCard, legacyDelete),
  /** The legacy default-card lookup. */
  '/api/booking/getDefaultCard': cardCall('POST', cardBodies.defaultLookup, legacyDefaultCard),
  /** The organisation's payment provider entries. */
  '/api/booking/getSupplierpg': cardCall('POST', cardBodies.supplier, legacySupplierPg),
  /** Vaults a card from a card-frame nonce. */
  '/api/booking/saveCard': cardCall('POST', cardBodies.save, async (caller, body, { context }) => {
    await requireCardUseWithinLimits(context, 'cardSave', { nonce: body.nonce });
    return saveCardFromNonce(caller, body);
  }),
  /** A one-time nonce for a saved card (3-D Secure). */
  '/api/pgv2/cardNonce': cardCall('POST', cardBodies.nonce, savedCardNonce),
};
