import Decimal from 'decimal.js';
import {
  categoryText,
  compareMileage,
  km,
  kmPerUnitText,
  paymentModeText,
  quantityText,
} from './vehicle-cost-format';

describe('how fuel and expenses read', () => {
  it('writes quantities in the unit of the fuel, without trailing zeros', () => {
    expect(quantityText(new Decimal('42.500'), 'DIESEL')).toBe('42.5 L');
    expect(quantityText(new Decimal('8.125'), 'CNG')).toBe('8.125 kg');
    expect(quantityText(new Decimal('30'), 'ELECTRIC')).toBe('30 kWh');
  });
  it('writes km per unit to two places, and a dash when nothing was measured', () => {
    expect(kmPerUnitText(new Decimal('14'), 'PETROL')).toBe('14.00 km/L');
    expect(kmPerUnitText(new Decimal('19.456'), 'CNG')).toBe('19.46 km/kg');
    expect(kmPerUnitText(null, 'DIESEL')).toBe('—');
  });
  it('names payment modes, categories and distances as people read them', () => {
    expect(paymentModeText('STATION_CREDIT')).toBe("On the station's credit");
    expect(categoryText('FITNESS_PUC')).toBe('Fitness and PUC');
    expect(km(12490)).toBe('12,490 km');
  });
  it('orders mileage within each unit of fuel, least first, nothing measured last, in Decimals', () => {
    const d = (v: string | null) => (v === null ? null : new Decimal(v));
    const vehicle = (
      vehicleNo: string,
      fuelType: string,
      kmPerUnit: string | null,
      costPerKm: string | null,
    ) => ({
      vehicleNo,
      fuelType,
      km: vehicleNo.length * 100,
      kmPerUnit: d(kmPerUnit),
      costPerKm: d(costPerKm),
    });
    const fleet = [
      vehicle('MH12CNG1', 'CNG', '19.5', '4.10'),
      vehicle('MH12D1', 'DIESEL', '14.2', '6.52'),
      vehicle('MH12P1', 'PETROL', '11.8', '8.80'),
      vehicle('MH12D2', 'DIESEL', null, null),
      vehicle('MH12CNG2', 'CNG', '17.25', '4.65'),
      vehicle('MH12D3', 'DIESEL', '9.9', '0.10000000000000000001'),
    ];
    const ordered = (sort: Parameters<typeof compareMileage>[0]) =>
      [...fleet].sort((a, b) => compareMileage(sort, a, b)).map((v) => v.vehicleNo);
    // km/L (diesel and petrol) apart from km/kg (CNG): a CNG car is not "better" for its kilograms.
    expect(ordered('kmPerUnit')).toEqual(['MH12D3', 'MH12P1', 'MH12D1', 'MH12D2', 'MH12CNG2', 'MH12CNG1']);
    // Compared to the last digit, where a JavaScript number would round 0.1000…0001 to 0.1.
    expect(ordered('costPerKm')).toEqual(['MH12D3', 'MH12CNG1', 'MH12CNG2', 'MH12D1', 'MH12P1', 'MH12D2']);
    expect(ordered('vehicle').slice(0, 2)).toEqual(['MH12CNG1', 'MH12CNG2']);
  });
});
