import { f } from './fields';
import { driverMaster, MASTERS, rateCardMaster, vehicleMaster } from './index';
import { defineMaster, sortKeyShapeOf } from './master';

describe('what a master’s list sorts by', () => {
  it('is typed by the sorted field’s kind, empty only where the field may be', () => {
    expect(sortKeyShapeOf(vehicleMaster, 'vehicle_no')).toEqual({ type: 'text', nullable: false });
    expect(sortKeyShapeOf(vehicleMaster, 'created_at')).toEqual({ type: 'timestamp', nullable: false });
    expect(sortKeyShapeOf(rateCardMaster, 'contract_start')).toEqual({ type: 'date', nullable: false });
    // Not required, but the service numbers every driver.
    expect(sortKeyShapeOf(driverMaster, 'user_record_id')).toEqual({ type: 'integer', nullable: false });
  });

  it('is known for every sort every master offers, and for no other', () => {
    for (const master of MASTERS) {
      for (const sort of master.sorts) expect(sortKeyShapeOf(master, sort).type).toBeTruthy();
    }
    expect(() => sortKeyShapeOf(vehicleMaster, 'colour')).toThrow(/cannot sort by colour/);
  });

  it('can only be a field with an order', () => {
    expect(() =>
      defineMaster({
        kind: 'thing',
        table: 'things',
        one: 'Thing',
        many: 'Things',
        view: 'view_vehicle',
        manage: 'manage_vehicle',
        display: 'name',
        fields: { name: f.text('Name'), tags: f.refs('Tags', 'label') },
        columns: ['name'],
        search: ['name'],
        sorts: ['tags'],
        defaultSort: 'tags',
      }),
    ).toThrow(/cannot sort by tags/);
  });
});
