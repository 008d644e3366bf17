import { productCodesOf, products } from '~/products/registry';

/**
 * The checkout paths that keep a resort or stay hold alive (spec §2): the checkout and success
 * pages of the weeks products that hold (RST and STY; WEEKS holds through them).
 */
export const HOLD_HOLDING_PATHS: readonly string[] = productCodesOf('weeks').flatMap((code) => {
  const { pages, success } = products[code];
  return pages.checkout && 'page' in success ? [pages.checkout, success.page] : [];
});

/**
 * Hold cleanup (spec §2): a leftover holdTok cookie on any other path means the traveller
 * left checkout, so the hold is released at once instead of blocking the week until its TTL.
 */
export function shouldReleaseHold(pathname: string, holdTok: string | undefined | null): holdTok is string {
  if (!holdTok) return false;
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return !HOLD_HOLDING_PATHS.some((p) => p === path);
}

/** The release call's body (spec §7): residency, search_type=country, reservationToken, mainPath. */
export function holdReleasePayload(holdTok: string, pathname: string) {
  return { residency: 'US', search_type: 'country', reservationToken: holdTok, mainPath: pathname };
}
