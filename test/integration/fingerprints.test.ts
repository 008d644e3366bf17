// Issue 37, the spec's fingerprint call (§1, §7, §9): POST /api/iqps/fqs keeps the fingerprint with
// the visitor's address and user as HMACs under the organisation's own salt (no raw device id or
// IP in the database), logs a fraud_chance of 90 or more as a warning, refuses a bad body with a
// 400 that stores nothing, and forgets rows after 90 days.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiEndpoints } from '~/api/endpoints.server';
import { FINGERPRINT_RETENTION_DAYS, fingerprintsOfDevice, forgetOldFingerprints } from '~/services/fraud/fingerprints.server';
import { log } from '~/services/platform/logger.server';
import { useSeededDatabase } from '../support/databases';
import { hostOf } from '../support/http-client';
import { loadContextFor } from '../support/load-context';

const ORG = 'wanderly';
const IP = '203.0.113.45';

/** The call as a page makes it from `IP`; a thrown Response is the answer. */
async function send(body: string): Promise<Response> {
  const request = new Request(`http://${hostOf(ORG)}/api/iqps/fqs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  try {
    return (await apiEndpoints['/api/iqps/fqs'].action({ request, params: {}, context: await loadContextFor(request, IP) })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe('POST /api/iqps/fqs', () => {
  const database = useSeededDatabase('pglite');
  afterEach(() => vi.restoreAllMocks());

  const rows = () => database.db.selectFrom('device_fingerprints').selectAll().execute();

  it('keeps the fingerprint hashed under the organisation’s salt, and warns of a high fraud chance', async () => {
    const warn = vi.spyOn(log, 'warn');
    const answer = await send(JSON.stringify({ device_id: 'device-abc-123', fraud_chance: 95 }));
    expect(answer.status).toBe(200);
    const [row] = await rows();
    expect(row).toMatchObject({ org_id: ORG, user_id: null, fraud_chance: 95 });
    const stored = JSON.stringify(await rows()) + JSON.stringify(await database.db.selectFrom('fraud_salts').selectAll().execute());
    expect(stored).not.toContain('device-abc-123');
    expect(stored).not.toContain(IP);
    expect(warn).toHaveBeenCalledWith('high fraud chance', { orgId: ORG, userId: null, fraudChance: 95 });
    expect(JSON.stringify(warn.mock.calls)).not.toContain('device-abc-123');
    // The same device is found again by its hash, in this organisation only.
    expect(await fingerprintsOfDevice(database.db, ORG, 'device-abc-123')).toBe(1);
    expect(await fingerprintsOfDevice(database.db, 'voyagerpro', 'device-abc-123')).toBe(0);

    await send(JSON.stringify({ device_id: 'device-xyz', fraud_chance: 10 }));
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('refuses a bad body with a 400 naming what is wrong, and stores nothing', async () => {
    const before = (await rows()).length;
    for (const [body, message] of [
      ['{"fraud_chance": 3}', "missing required property 'device_id'"],
      ['{"device_id": "d", "fraud_chance": 101}', 'fraud_chance: must be <= 100'],
      ['{"device_id": "", "fraud_chance": 1}', 'device_id'],
      ['{"device_id": "d", "extra": 1}', 'extra'],
      ['not json', ''],
      ['[]', 'must be object'],
    ] as const) {
      const answer = await send(body);
      expect(answer.status, body).toBe(400);
      expect(((await answer.json()) as { message: string }).message, body).toContain(message);
    }
    expect((await rows()).length).toBe(before);
  });

  it('forgets fingerprints older than 90 days', async () => {
    await send(JSON.stringify({ device_id: 'old-device' }));
    const later = new Date(Date.now() + (FINGERPRINT_RETENTION_DAYS + 1) * 86_400_000);
    const count = (await rows()).length;
    expect(await forgetOldFingerprints(database.db, new Date())).toBe(0);
    expect(await forgetOldFingerprints(database.db, later)).toBe(count);
    expect(await rows()).toEqual([]);
  });
});
