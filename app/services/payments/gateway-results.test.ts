import { describe, expect, it } from 'vitest';
import { cardBrand, failureFromAttempt, failureFromErrors, failureFromException, fromGatewayAmount, rejectionReason, toGatewayAmount, transactionStatus } from './gateway-results';

describe('amounts', () => {
  it('converts minor units to Braintree decimals and back without floats', () => {
    expect(toGatewayAmount(0)).toBe('0.00');
    expect(toGatewayAmount(5)).toBe('0.05');
    expect(toGatewayAmount(123_456)).toBe('1234.56');
    expect(fromGatewayAmount('1234.56')).toBe(123_456);
    expect(fromGatewayAmount('10.1')).toBe(1_010);
    expect(fromGatewayAmount('10')).toBe(1_000);
    expect(() => toGatewayAmount(1.5)).toThrow(RangeError);
    expect(() => toGatewayAmount(-1)).toThrow(RangeError);
    expect(() => fromGatewayAmount('1,00')).toThrow(RangeError);
  });
});

describe('names', () => {
  it('maps card types, statuses and rejection reasons into closed sets', () => {
    expect(cardBrand('American Express')).toBe('amex');
    expect(cardBrand('Diners Club')).toBe('diners');
    expect(cardBrand('UnionPay')).toBe('unknown');
    expect(cardBrand(undefined)).toBe('unknown');
    expect(transactionStatus('submitted_for_settlement')).toBe('submitted_for_settlement');
    expect(transactionStatus('authorization_expired')).toBe('other');
    expect(rejectionReason('three_d_secure')).toBe('three_d_secure');
    expect(rejectionReason('something_new')).toBe('other');
  });
});

describe('failures', () => {
  it('classifies refused transactions', () => {
    expect(
      failureFromAttempt({
        id: 't1',
        status: 'processor_declined',
        processorResponseCode: '2015',
        processorResponseText: 'Transaction Not Allowed',
        processorResponseType: 'hard_declined',
      }),
    ).toEqual({
      kind: 'processor_declined',
      code: '2015',
      text: 'Transaction Not Allowed',
      decline: 'hard',
      transactionId: 't1',
    });
    expect(failureFromAttempt({ status: 'processor_declined', processorResponseCode: '2000', processorResponseType: 'soft_declined' })).toMatchObject({
      decline: 'soft',
      transactionId: null,
    });
    expect(failureFromAttempt({ id: 't2', status: 'gateway_rejected', gatewayRejectionReason: 'duplicate' })).toEqual({
      kind: 'gateway_rejected',
      reason: 'duplicate',
      transactionId: 't2',
    });
    expect(failureFromAttempt({ id: 't3', status: 'failed', processorResponseCode: '3000', processorResponseText: 'Processor Network Unavailable - Try Again' })).toMatchObject({
      kind: 'failed',
      code: '3000',
    });
    expect(failureFromAttempt({ status: 'authorized' })).toBeNull();
  });

  it('turns field errors into validation, except a key in flight which is an unknown outcome', () => {
    expect(failureFromErrors([{ attribute: 'amount', code: '81502', message: 'Amount is required.' }], 'Amount is required.')).toEqual({
      kind: 'validation',
      errors: [{ field: 'amount', code: '81502', message: 'Amount is required.' }],
    });
    expect(failureFromErrors([], 'Something')).toEqual({ kind: 'validation', errors: [{ field: 'base', code: 'unknown', message: 'Something' }] });
    expect(failureFromErrors([{ attribute: 'api_request_key', code: '915233', message: 'in flight' }], 'in flight')).toMatchObject({ kind: 'transport', retryable: true });
  });

  it('treats SDK exceptions as transport failures, retryable unless the credentials are refused', () => {
    const sdkError = (type: string) => Object.assign(new Error(type), { type });
    expect(failureFromException(sdkError('serverError'))).toMatchObject({ kind: 'transport', retryable: true });
    expect(failureFromException(sdkError('unexpectedError'))).toMatchObject({ kind: 'transport', retryable: true });
    expect(failureFromException(new Error('socket hang up'))).toMatchObject({ kind: 'transport', retryable: true, message: 'socket hang up' });
    expect(failureFromException(sdkError('authenticationError'))).toMatchObject({ kind: 'transport', retryable: false });
    expect(failureFromException(sdkError('notFoundError'))).toMatchObject({ kind: 'validation', errors: [{ code: 'not_found' }] });
  });
});
