import Decimal from 'decimal.js';
import { type SlipFormValues, slipErrorPath, slipFormValues, slipRequest } from './slip-values';

const day = '2026-11-25';
const ODOMETER_PHOTO = '0c7f1f43-64bb-4c55-8f3e-9b2a7c8d6e10';
const workedExample = (): SlipFormValues => {
  const values = slipFormValues([], day, null);
  const set = (i: number, time: string, km: string, location = '', fileId = '') =>
    Object.assign(values.points[i]!, { time, km, location, fileId });
  set(0, '08:00', '5000', 'Garage, Baner');
  set(2, '8:40', '5012', 'Aundh');
  set(3, '16.30', '5096', '', ODOMETER_PHOTO);
  set(4, '17:15', '5108.5');
  return { ...values, medium: 'HARD_COPY' };
};

describe('the duty slip form', () => {
  it('sends the points given, as instants in the operator’s zone, and remembers their rows', () => {
    const request = slipRequest(workedExample());
    expect(request).toEqual({
      ok: true,
      medium: 'HARD_COPY',
      rows: [0, 2, 3, 4],
      points: [
        {
          point: 'GARAGE_START',
          at: new Date('2026-11-25T02:30:00Z'),
          km: '5000',
          location: 'Garage, Baner',
          fileId: null,
        },
        {
          point: 'DUTY_START',
          at: new Date('2026-11-25T03:10:00Z'),
          km: '5012',
          location: 'Aundh',
          fileId: null,
        },
        {
          point: 'DUTY_END',
          at: new Date('2026-11-25T11:00:00Z'),
          km: '5096',
          location: '',
          fileId: ODOMETER_PHOTO,
        },
        {
          point: 'GARAGE_END',
          at: new Date('2026-11-25T11:45:00Z'),
          km: '5108.5',
          location: '',
          fileId: null,
        },
      ],
    });
  });

  it('says which row lacks what, and that an empty slip records nothing', () => {
    const values = workedExample();
    values.points[1]!.time = '09:00';
    values.points[3]!.km = '50,96';
    values.points[4]!.date = '';
    expect(slipRequest(values)).toEqual({
      ok: false,
      problems: {
        'points.1.km': 'Give the odometer in km, e.g. 45210.5',
        'points.3.km': 'Give the odometer in km, e.g. 45210.5',
        'points.4.date': 'Give the date, DD/MM/YYYY.',
      },
    });
    expect(slipRequest(slipFormValues([], day, null))).toEqual({
      ok: false,
      problems: { root: 'Give at least one point’s time and km.' },
    });
    // A photo alone does not make a point: its time and km are asked for.
    const photoOnly = slipFormValues([], day, null);
    photoOnly.points[1]!.fileId = ODOMETER_PHOTO;
    expect(slipRequest(photoOnly)).toEqual({
      ok: false,
      problems: {
        'points.1.time': 'Give the time as HH:MM, e.g. 07:45.',
        'points.1.km': 'Give the odometer in km, e.g. 45210.5',
      },
    });
  });

  it('puts the server’s word about the i-th point sent on that point’s row', () => {
    const rows = [0, 2, 3, 4];
    expect(slipErrorPath('points.1', rows)).toBe('points.2.time');
    expect(slipErrorPath('points.2.km', rows)).toBe('points.3.km');
    expect(slipErrorPath('points.3.at', rows)).toBe('points.4.time');
    expect(slipErrorPath('points.2.fileId', rows)).toBe('points.3.fileId');
    expect(slipErrorPath('medium', rows)).toBe('medium');
    expect(slipErrorPath('points.7', rows)).toBeUndefined();
    expect(slipErrorPath('version', rows)).toBeUndefined();
  });

  it('shows a recorded slip on its rows, in the operator’s zone', () => {
    const values = slipFormValues(
      [
        {
          point: 'DUTY_START',
          at: new Date('2026-11-25T18:40:00Z'),
          km: new Decimal('5012.0'),
          location: 'Aundh',
          fileId: ODOMETER_PHOTO,
        },
      ],
      day,
      'EMAIL',
    );
    expect(values.medium).toBe('EMAIL');
    expect(values.points[2]).toEqual({
      point: 'DUTY_START',
      date: '2026-11-26',
      time: '00:10',
      km: '5012',
      location: 'Aundh',
      fileId: ODOMETER_PHOTO,
    });
    expect(values.points[0]).toEqual({
      point: 'GARAGE_START',
      date: day,
      time: '',
      km: '',
      location: '',
      fileId: '',
    });
  });
});
