import { describe, expect, it } from 'vitest';
import { graphqlClient, realtimeUrl } from './graphql-client';

describe('the browser’s GraphQL client', () => {
  it('connects to the page’s own host, over wss on https', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'wanderly.example' })).toBe('wss://wanderly.example/graphql');
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/graphql');
  });

  it('is never made on the server', () => {
    expect(() => graphqlClient()).toThrow('The GraphQL client runs in the browser only');
  });
});
