/** The 'wallets', 'certificates' and 'discountCards' checkout slots (issue 11): built next. */
export function WalletsBlock() {
  return null;
}
export function CertificatesBlock() {
  return null;
}
export function DiscountCardsBlock() {
  return null;
}
