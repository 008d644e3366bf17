import type { LanguageCode } from '~/domain/reference-data';

/**
 * Texts the server writes into /api answers that a person reads as they come (refusals a client
 * shows as sent), in the request's language. Kept apart from the page dictionaries: those are
 * sent to every browser with each page, these never leave the server.
 */
const EN_US = {
  'membership.inProgress': 'A payment for your membership is in progress: wait for it to finish before paying again.',
  'membership.replaced': 'Another membership purchase was paid after this one was priced: choose the plan again.',
  'membership.outOfDate': 'This membership purchase is out of date: choose the plan again.',
  'membership.nothingToPay': 'Nothing is left to pay for this membership: a coupon or a cash card cannot be used on it.',
  'limit.hold': 'Too many booking attempts in a short time. Please wait {seconds} seconds and try again.',
  'limit.signup': 'Too many sign-up requests in a short time. Please wait {seconds} seconds and try again.',
  'limit.reset': 'Too many password reset requests in a short time. Please wait {seconds} seconds and try again.',
  'limit.search': 'Too many searches in a short time. Please wait {seconds} seconds and try again.',
  'limit.autosuggest': 'Too many airport look-ups in a short time. Please wait {seconds} seconds and try again.',
  'limit.fingerprint': 'Too many device checks in a short time. Please wait {seconds} seconds and try again.',
  'limit.tripInvite': 'Too many trip invitations in a short time. Please wait {seconds} seconds and try again.',
  'limit.activeHolds': 'You already have {max} bookings on hold. Complete or release one, or wait for one to expire, before starting another.',
  'fraud.holdRefused': 'This booking cannot be made from here. Please contact support.',
  'limit.cardCharge': 'Too many card payments in a short time. Please wait {seconds} seconds and try again.',
  'limit.cardSave': 'Too many cards added in a short time. Please wait {seconds} seconds and try again.',
  'limit.walletTopup': 'Too many wallet top-ups in a short time. Please wait {seconds} seconds and try again.',
  'limit.codeLookup': 'Too many codes tried in a short time. Please wait {seconds} seconds and try again.',
  'limit.card': 'This card was tried too many times in a short time. Please wait {seconds} seconds or use another card.',
  'trips.noSuchTrip': 'No such trip',
  'trips.noSuchUser': 'No such user',
  'trips.viewerCannotChange': 'A viewer cannot change this trip',
  'trips.noSuchItem': 'No such item on this trip',
  'trips.noSuchBooking': 'No such booking',
  'trips.bookingNotConfirmed': 'Only a confirmed booking can join a trip',
  'trips.noTripToInvite': 'No trip of yours to invite to',
  'trips.noInvitation': 'No valid invitation to this trip',
  'trips.invitationUsed': 'This invitation was already used',
  'trips.invitationExpired': 'This invitation has expired: ask for a new one',
  'coupon.applied': 'COUPON CODE APPLIED SUCCESSFULLY',
  'coupon.released': 'COUPON CODE RELEASED SUCCESSFULLY',
  'coupon.invalid': 'PLEASE ENTER A VALID COUPON CODE',
  'coupon.none': 'You Do Not Have Any Coupon Code To Apply',
  'coupon.alreadyApplied': 'A COUPON CODE IS ALREADY APPLIED',
};

const ES_MX: Record<ApiMessageKey, string> = {
  'membership.inProgress': 'Hay un pago de tu membresía en curso: espera a que termine antes de pagar de nuevo.',
  'membership.replaced': 'Se pagó otra compra de membresía después de cotizar esta: elige el plan de nuevo.',
  'membership.outOfDate': 'Esta compra de membresía ya no está vigente: elige el plan de nuevo.',
  'membership.nothingToPay': 'No queda nada por pagar en esta membresía: no se puede usar un cupón ni una tarjeta de efectivo.',
  'limit.hold': 'Demasiados intentos de reserva en poco tiempo. Espera {seconds} segundos e inténtalo de nuevo.',
  'limit.signup': 'Demasiadas solicitudes de registro en poco tiempo. Espera {seconds} segundos e inténtalo de nuevo.',
  'limit.reset': 'Demasiadas solicitudes para restablecer la contraseña en poco tiempo. Espera {seconds} segundos e inténtalo de nuevo.',
  'limit.search': 'Demasiadas búsquedas en poco tiempo. Espera {seconds} segundos e inténtalo de nuevo.',
  'limit.autosuggest': 'Demasiadas consultas de aeropuertos en poco tiempo. Espera {seconds} segundos e inténtalo de nuevo.',
  'limit.fingerprint': 'Demasiadas comprobaciones del dispositivo en poco tiempo. Espera {seconds} segundos e inténtalo de nuevo.',
  'limit.tripInvite': 'Demasiadas invitaciones a viajes en poco tiempo. Espera {seconds} segundos e inténtalo de nuevo.',
  'limit.activeHolds': 'Ya tienes {max} reservas en espera. Completa o libera una, o espera a que una venza, antes de empezar otra.',
  'fraud.holdRefused': 'Esta reserva no se puede hacer desde aquí. Contacta a soporte.',
  'limit.cardCharge': 'Demasiados pagos con tarjeta en poco tiempo. Espera {seconds} segundos e inténtalo de nuevo.',
  'limit.cardSave': 'Demasiadas tarjetas agregadas en poco tiempo. Espera {seconds} segundos e inténtalo de nuevo.',
  'limit.walletTopup': 'Demasiadas recargas del monedero en poco tiempo. Espera {seconds} segundos e inténtalo de nuevo.',
  'limit.codeLookup': 'Demasiados códigos probados en poco tiempo. Espera {seconds} segundos e inténtalo de nuevo.',
  'limit.card': 'Esta tarjeta se intentó demasiadas veces en poco tiempo. Espera {seconds} segundos o usa otra tarjeta.',
  'trips.noSuchTrip': 'No existe ese viaje',
  'trips.noSuchUser': 'No existe ese usuario',
  'trips.viewerCannotChange': 'Quien solo ve un viaje no puede cambiarlo',
  'trips.noSuchItem': 'Ese elemento no está en este viaje',
  'trips.noSuchBooking': 'No existe esa reserva',
  'trips.bookingNotConfirmed': 'Solo una reserva confirmada puede unirse a un viaje',
  'trips.noTripToInvite': 'No tienes un viaje con ese identificador al que invitar',
  'trips.noInvitation': 'No hay una invitación válida a este viaje',
  'trips.invitationUsed': 'Esta invitación ya se usó',
  'trips.invitationExpired': 'Esta invitación venció: pide una nueva',
  'coupon.applied': 'CUPÓN APLICADO CORRECTAMENTE',
  'coupon.released': 'CUPÓN LIBERADO CORRECTAMENTE',
  'coupon.invalid': 'INGRESA UN CÓDIGO DE CUPÓN VÁLIDO',
  'coupon.none': 'No tienes ningún cupón para aplicar',
  'coupon.alreadyApplied': 'YA HAY UN CUPÓN APLICADO',
};

export type ApiMessageKey = keyof typeof EN_US;

const API_MESSAGES: Record<LanguageCode, Record<ApiMessageKey, string>> = { 'en-US': EN_US, 'es-MX': ES_MX };

/** One answer text in `language`, its `{name}` placeholders filled. */
export function apiMessage(language: LanguageCode, key: ApiMessageKey, values: Record<string, string | number> = {}): string {
  const text = API_MESSAGES[language][key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
