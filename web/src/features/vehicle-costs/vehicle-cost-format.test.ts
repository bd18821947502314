import Decimal from 'decimal.js';
import { categoryText, km, kmPerUnitText, paymentModeText, quantityText } from './vehicle-cost-format';

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
});
