/** Products whose code the first path segment decides (spec §2). */
export type PathProductCode = 'HLT' | 'FLT' | 'CAR' | 'ACT' | 'TRF' | 'RST' | 'STY';

const bySegment: Record<string, PathProductCode> = {
  hotels: 'HLT',
  flight: 'FLT',
  cars: 'CAR',
  activities: 'ACT',
  transfers: 'TRF',
  resorts: 'RST',
  stays: 'STY',
};

/** The product code of a path from its first segment; empty or unknown segments give HLT. */
export function productFromPath(pathname: string): PathProductCode {
  const first = pathname.split('?')[0]!.split('/').find((part) => part.length > 0) ?? '';
  return bySegment[first.toLowerCase()] ?? 'HLT';
}
