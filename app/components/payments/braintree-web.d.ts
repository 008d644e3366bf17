// The small part of braintree-web (which ships no types) that card-entry.tsx uses, written from
// its documented API (v3, 3-D Secure version 2).
declare module 'braintree-web/client' {
  export interface Client {
    teardown(): Promise<void>;
  }
  export function create(options: { authorization: string }): Promise<Client>;
}

declare module 'braintree-web/hosted-fields' {
  import type { Client } from 'braintree-web/client';
  type Field = { container: string | HTMLElement; placeholder?: string; internalLabel?: string };
  export interface TokenizePayload {
    nonce: string;
    details: { bin: string; cardType: string; lastFour: string; expirationMonth: string; expirationYear: string };
  }
  export interface HostedFields {
    tokenize(): Promise<TokenizePayload>;
    teardown(): Promise<void>;
  }
  export function create(options: {
    client: Client;
    fields: { number: Field; expirationDate: Field; cvv: Field };
    styles?: Record<string, Record<string, string>>;
  }): Promise<HostedFields>;
}

declare module 'braintree-web/data-collector' {
  import type { Client } from 'braintree-web/client';
  export interface DataCollector {
    /** The device data to send with a transaction (a JSON text naming the device session). */
    deviceData: string;
    teardown(): Promise<void>;
  }
  export function create(options: { client: Client }): Promise<DataCollector>;
}

declare module 'braintree-web/three-d-secure' {
  import type { Client } from 'braintree-web/client';
  export interface VerifyPayload {
    nonce: string;
    liabilityShifted?: boolean;
    liabilityShiftPossible?: boolean;
  }
  export interface LookupData {
    requiresUserAuthentication?: boolean;
  }
  export interface ThreeDSecure {
    verifyCard(options: { amount: string; nonce: string; bin?: string; onLookupComplete: (data: LookupData, next: () => void) => void }): Promise<VerifyPayload>;
    teardown(): Promise<void>;
  }
  export function create(options: { client: Client; version: 2 }): Promise<ThreeDSecure>;
}
