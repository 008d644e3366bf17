/** The 'points' checkout slot (issue 11): built next. */
export function PointsBlock() {
  return null;
}
