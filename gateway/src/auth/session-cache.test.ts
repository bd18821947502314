import { createSessionCache, type KnownSession } from './session-cache';

const session = (sessionId: string, tenantId = 't1', expiresAt: Date | null = null): KnownSession => ({
  sessionId,
  tenantId,
  userId: `user-of-${sessionId}`,
  actorUserId: `user-of-${sessionId}`,
  role: 'USER',
  branchIds: [],
  permissions: ['view_vehicle'],
  isMasquerade: false,
  accessLevel: 'ADMIN',
  expiresAt,
});

describe('the gateway’s cache of what identity said about sessions', () => {
  let now = 1_000_000;
  const cache = () => createSessionCache({ maxEntries: 3, maxAgeMs: 15_000, now: () => now });

  it('keeps a session no longer than its age bound, then asks again', () => {
    const c = cache();
    c.set(session('a'));
    now += 14_999;
    expect(c.get('a')?.sessionId).toBe('a');
    now += 1;
    expect(c.get('a')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('never answers for a session past its own expiry', () => {
    const c = cache();
    c.set(session('a', 't1', new Date(now + 1000)));
    expect(c.get('a')).toBeDefined();
    now += 1000;
    expect(c.get('a')).toBeUndefined();
  });

  it('holds at most its bound, letting the least recently used go first', () => {
    const c = cache();
    for (const id of ['a', 'b', 'c']) c.set(session(id));
    expect(c.get('a')).toBeDefined(); // a is now the most recently used
    c.set(session('d'));
    expect(c.size).toBe(3);
    expect(c.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((id) => c.get(id)?.sessionId)).toEqual(['a', 'c', 'd']);
  });

  it('forgets one operator’s sessions and keeps the others’', () => {
    const c = cache();
    c.set(session('a', 't1'));
    c.set(session('b', 't2'));
    c.forgetTenant('t1');
    expect(c.get('a')).toBeUndefined();
    expect(c.get('b')?.tenantId).toBe('t2');
    c.forgetTenant();
    expect(c.size).toBe(0);
  });
});
