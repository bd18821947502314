import { flowBadge } from './driver-chat-flow';

describe("a driver chat's badge", () => {
  it('says the trip is ongoing while the duty runs', () => {
    expect(flowBadge('OUTGOING_TRIP_ONGOING', 'DRIVER_DUTY_START').label).toBe('Outgoing trip ongoing');
  });

  it('no longer says the trip is ongoing once the duty ended or was closed', () => {
    expect(flowBadge('OUTGOING_TRIP_ONGOING', 'DRIVER_DUTY_END').label).toBe('Trip completed');
    expect(flowBadge('OUTGOING_TRIP_ONGOING', 'CLOSED').label).toBe('Trip completed');
    expect(flowBadge('TRIP_ACCEPTED', 'CANCELLED').label).toBe('Duty cancelled');
  });

  it('keeps what went wrong or was resolved, whatever the duty did next', () => {
    expect(flowBadge('FALLBACK_TEXT_PUSHED', 'CLOSED').label).toBe('Fallback text pushed');
    expect(flowBadge('CONVERSATION_RESOLVED', 'CLOSED').label).toBe('Conversation resolved');
  });
});
