/** The 'cashCards' checkout slot (issue 11): built next. */
export function CashCardBlock() {
  return null;
}
