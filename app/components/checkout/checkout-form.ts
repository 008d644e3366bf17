/**
 * The checkout is one form with one submit (issue 15): the submit block renders the form, and
 * the traveller's fields, placed elsewhere by the organisation's layout, join it by id.
 */
export const CHECKOUT_FORM_ID = 'checkout-form';

/** The fetcher that saves the traveller, shared by the traveller block (its answer) and the submit (its request). */
export const TRAVELER_FETCHER_KEY = 'checkout-traveler';
