import { describe, expect, it } from 'vitest';
import { PROCESS_LOG_LIMIT, ProcessLog } from './process-log';

const at = (second: number) => new Date(Date.UTC(2026, 10, 24, 9, 0, second));

describe('ProcessLog (spec §7, §9: the card provider steps, last 100 entries)', () => {
  it('keeps entries oldest first with step, time and outcome', () => {
    const log = new ProcessLog();
    log.append({ step: 'init', outcome: 'ok' }, at(1));
    log.append({ step: 'submit_card', outcome: 'failed', reason: 'invalid' }, at(2));
    expect(log.entries()).toEqual([
      { step: 'init', at: '2026-11-24T09:00:01.000Z', outcome: 'ok' },
      { step: 'submit_card', at: '2026-11-24T09:00:02.000Z', outcome: 'failed', reason: 'invalid' },
    ]);
  });

  it('keeps the last 100: the 101st entry drops the oldest', () => {
    expect(PROCESS_LOG_LIMIT).toBe(100);
    const log = new ProcessLog();
    for (let i = 0; i < 100; i += 1) log.append({ step: i === 0 ? 'init' : 'update_payment', outcome: 'ok' }, at(i % 60));
    expect(log.entries()).toHaveLength(100);
    expect(log.entries()[0]!.step).toBe('init');
    log.append({ step: 'pay_click', outcome: 'ok' });
    const entries = log.entries();
    expect(entries).toHaveLength(100);
    expect(entries.map((e) => e.step)).not.toContain('init');
    expect(entries.at(-1)!.step).toBe('pay_click');
  });

  it('a reason is a code: free text (which could carry card data) is written as "other"', () => {
    const log = new ProcessLog();
    expect(log.append({ step: 'submit_card', outcome: 'failed', reason: '4111 1111 1111 1111' }).reason).toBe('other');
    expect(log.append({ step: 'save_card', outcome: 'failed', reason: 'not_saved' }).reason).toBe('not_saved');
  });

  it('entries read back from storage are checked and cut to the limit', () => {
    const stored = [
      { step: 'init', at: '2026-11-24T09:00:00.000Z', outcome: 'ok' },
      { step: 'init', at: 'yesterday', outcome: 'ok' },
      { step: 'card_number', at: '2026-11-24T09:00:00.000Z', outcome: 'ok' },
      { step: 'pay_click', at: '2026-11-24T09:00:01.000Z', outcome: 'ok' },
      'junk',
    ];
    expect(new ProcessLog(100, stored).entries().map((e) => e.step)).toEqual(['init', 'pay_click']);
    expect(new ProcessLog(1, stored).entries().map((e) => e.step)).toEqual(['pay_click']);
    expect(() => new ProcessLog(0)).toThrow(RangeError);
  });

  it('hands out copies: changing them changes nothing', () => {
    const log = new ProcessLog();
    log.append({ step: 'init', outcome: 'ok' });
    log.entries()[0]!.outcome = 'failed';
    log.entries().pop();
    expect(log.entries()).toEqual([expect.objectContaining({ step: 'init', outcome: 'ok' })]);
  });
});
