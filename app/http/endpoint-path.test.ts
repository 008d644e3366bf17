import { describe, expect, it } from 'vitest';
import { decodedSegments, endpointFinder } from './endpoint-path';

const find = endpointFinder({
  '/api/booking/cancel': 'cancel',
  '/api/trips/gettrips': 'gettrips',
  '/api/trips/gettrips/getTripsList': 'getTripsList',
  '/api/card-service/v1/card/delete/:email': 'delete',
  '/api/card-service/v1/card/set_default_card': 'setDefault',
  '/api/card-service/v1/card/:verb/:email': 'anyVerb',
});

describe('endpointFinder', () => {
  it('finds a literal path, case-insensitively and ignoring trailing slashes', () => {
    expect(find('/api/booking/cancel')).toEqual({ endpoint: 'cancel', params: {} });
    expect(find('/API/Booking/CANCEL')).toEqual({ endpoint: 'cancel', params: {} });
    expect(find('/api/booking/cancel//')).toEqual({ endpoint: 'cancel', params: {} });
  });

  it('tells a path from its longer and shorter neighbours', () => {
    expect(find('/api/trips/gettrips')?.endpoint).toBe('gettrips');
    expect(find('/api/trips/gettrips/getTripsList')?.endpoint).toBe('getTripsList');
    expect(find('/api/trips')).toBeNull();
    expect(find('/api/trips/gettrips/getTripsList/more')).toBeNull();
    expect(find('/api/booking//cancel')).toBeNull();
    expect(find('/api')).toBeNull();
  });

  it('passes a parameter decoded, keeping its case', () => {
    expect(find('/api/card-service/v1/card/delete/Ana%40example.com')).toEqual({ endpoint: 'delete', params: { email: 'Ana@example.com' } });
    expect(find('/api/card-service/v1/card/delete/a%2Fb')).toEqual({ endpoint: 'delete', params: { email: 'a/b' } });
  });

  it('does not match a parameter to an empty segment', () => {
    expect(find('/api/card-service/v1/card/delete/')).toBeNull();
  });

  it('prefers the literal pattern, then the one with more literal segments', () => {
    expect(find('/api/card-service/v1/card/set_default_card')?.endpoint).toBe('setDefault');
    expect(find('/api/card-service/v1/card/delete/x')?.endpoint).toBe('delete');
    expect(find('/api/card-service/v1/card/update/x')).toEqual({ endpoint: 'anyVerb', params: { verb: 'update', email: 'x' } });
  });
});

describe('decodedSegments', () => {
  it('decodes each segment, keeping an encoded slash inside its segment', () => {
    expect(decodedSegments('/api/a%20b/c%2Fd/')).toEqual(['api', 'a b', 'c%2Fd']);
  });

  it('keeps a path that cannot be decoded as it came', () => {
    expect(decodedSegments('/api/%E0%A4%A/x')).toEqual(['api', '%E0%A4%A', 'x']);
  });
});
