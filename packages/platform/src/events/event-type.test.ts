import { FieldViolationSchema } from '@fleet/proto/fleet/common/v1/common_pb';
import { defineEvent, subjectMatches } from './event-type';

describe('event subjects', () => {
  it('matches NATS wildcards', () => {
    expect(subjectMatches('fleet.identity.>', 'fleet.identity.tenant.created')).toBe(true);
    expect(subjectMatches('fleet.*.tenant.created', 'fleet.identity.tenant.created')).toBe(true);
    expect(subjectMatches('fleet.identity.*', 'fleet.identity.tenant.created')).toBe(false);
    expect(subjectMatches('fleet.identity.tenant.created', 'fleet.identity.tenant.updated')).toBe(false);
    expect(subjectMatches('fleet.identity.>', 'fleet.identity')).toBe(false);
  });

  it('refuses a subject that is not fleet.<service>.<entity>.<event>', () => {
    expect(() => defineEvent('identity.created', FieldViolationSchema)).toThrow(
      /fleet.<service>.<entity>.<event>/,
    );
  });
});
