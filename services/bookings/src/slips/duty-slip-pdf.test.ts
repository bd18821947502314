import { readPdf, solidPng } from '@fleet/testing/pdf';
import { renderDutySlipPdf, renderDutySlipsPdf } from './duty-slip-pdf';
import type { DutySlipView } from './duty-slip-view';

// DOMAIN.md's worked example: HR_KM 8 h / 80 km at ₹2,000, ₹14 per extra km and ₹150 per extra hour,
// garage to garage 108 km in 9 h 15 min, a night duty in Mumbai (IST is UTC+5:30).
function slip(overrides: Partial<DutySlipView> = {}): DutySlipView {
  return {
    operator: {
      name: 'Acme Travels Pvt Ltd',
      address: '12 MG Road, Pune 411001',
      phone: '+91 20 2612 0000',
      gstin: '27AAACA1234F1Z5',
    },
    variant: 'SALES',
    booking: {
      bookingNo: 'BK-2604-00017',
      statusLabel: 'Closed',
      customerName: 'Infosys Ltd',
      bookedBy: { name: 'Meera Iyer', phone: '+91 98200 11111' },
      passengers: [
        { name: 'Arjun Mehta', phone: '+91 98200 22222' },
        { name: 'Kavya Rao', phone: '+91 98200 33333' },
      ],
      fromCity: 'Mumbai',
      toCity: 'Mumbai',
      dutyTypeName: 'Local 8 h / 80 km',
      vehicleGroupName: 'Sedan',
      reportingAt: new Date('2026-03-31T19:00:00Z'),
      reportingAddress: 'Terminal 2, Chhatrapati Shivaji Maharaj International Airport',
      dropAddress: 'Hotel Trident, Nariman Point',
      orderReferenceNumber: 'PO-7781',
      remark: 'Passenger asked for a child seat.',
    },
    allotment: {
      vehicleNo: 'MH 01 AB 1234',
      vehicleModel: 'Toyota Etios',
      driverName: 'Ramesh Patil',
      driverPhone: '+91 98200 44444',
      supplierName: 'Patil Cabs',
    },
    points: [
      {
        point: 'GARAGE_START',
        at: new Date('2026-03-31T18:00:00Z'),
        km: '45210',
        location: 'Andheri garage',
      },
      { point: 'ARRIVAL', at: new Date('2026-03-31T19:00:00Z'), km: '45222', location: 'Airport T2' },
      { point: 'DUTY_START', at: new Date('2026-03-31T19:15:00Z'), km: '45222', location: 'Airport T2' },
      { point: 'DUTY_END', at: new Date('2026-04-01T02:45:00Z'), km: '45306', location: 'Nariman Point' },
      { point: 'GARAGE_END', at: new Date('2026-04-01T03:15:00Z'), km: '45318', location: 'Andheri garage' },
    ],
    measure: { km: '108', minutes: 555 },
    billingItems: [
      { name: 'Toll, Bandra-Worli Sea Link', amount: '100' },
      { name: 'Airport parking', amount: '250.5' },
    ],
    charges: {
      lines: [
        { label: 'Package', quantity: '1', unit: 'duty', rate: '2000', amount: '2000' },
        { label: 'Extra km beyond 80', quantity: '28', unit: 'km', rate: '14', amount: '392' },
        { label: 'Extra hours beyond 8', quantity: '1.25', unit: 'hour', rate: '150', amount: '187.5' },
      ],
      total: '2579.5',
    },
    timeZone: 'Asia/Kolkata',
    printedAt: new Date('2026-04-01T05:00:00Z'),
    ...overrides,
  };
}

async function linesOf(view: DutySlipView): Promise<string[]> {
  const { pages } = await readPdf(await renderDutySlipPdf(view));
  return pages.flatMap((page) => page.text.split('\n'));
}

describe('renderDutySlipPdf', () => {
  it('prints the booking, the allotment, each point in the operator’s time zone, what was counted and the charges', async () => {
    const lines = await linesOf(slip());
    expect(lines).toEqual(
      expect.arrayContaining([
        'Acme Travels Pvt Ltd',
        'GSTIN 27AAACA1234F1Z5',
        'Customer copy',
        'Duty slip',
        'Booking BK-2604-00017 · Closed',
        'Customer Booked by Passengers',
        'Infosys Ltd Meera Iyer, +91 98200 11111 Arjun Mehta, +91 98200 22222',
        'Kavya Rao, +91 98200 33333',
        'Reporting From To',
        // Reporting is at half past midnight in Mumbai, still the evening before in UTC.
        '01/04/2026 00:30 Mumbai Mumbai',
        'Local 8 h / 80 km Sedan PO-7781',
        "Vehicle Model Driver Driver's phone Supplier",
        'MH 01 AB 1234 Toyota Etios Ramesh Patil +91 98200 44444 Patil Cabs',
        'Point Date and time Km Location',
        'Garage start 31/03/2026 23:30 45210 Andheri garage',
        'Arrival at pickup 01/04/2026 00:30 45222 Airport T2',
        'Duty start 01/04/2026 00:45 45222 Airport T2',
        'Duty end 01/04/2026 08:15 45306 Nariman Point',
        'Garage end 01/04/2026 08:45 45318 Andheri garage',
        'Km counted Time counted (h:mm)',
        '108 km 9:15',
        'Item Amount',
        'Toll, Bandra-Worli Sea Link ₹100.00',
        'Airport parking ₹250.50',
        'Charge Quantity Unit Rate Amount',
        'Package 1 duty ₹2,000.00 ₹2,000.00',
        'Extra km beyond 80 28 km ₹14.00 ₹392.00',
        'Extra hours beyond 8 1.25 hour ₹150.00 ₹187.50',
        'Total ₹2,579.50',
        'Remark',
        'Passenger asked for a child seat.',
        'Printed on 01/04/2026 10:30 Page 1 of 1',
      ]),
    );
  });

  it('prints every time in the zone it is given', async () => {
    const lines = await linesOf(slip({ timeZone: 'UTC' }));
    expect(lines).toContain('Garage start 31/03/2026 18:00 45210 Andheri garage');
    expect(lines).toContain('Printed on 01/04/2026 05:00 Page 1 of 1');
  });

  it('writes the total in rupees with Indian grouping, the ₹ sign read back as text', async () => {
    const lines = await linesOf(
      slip({
        charges: {
          lines: [
            { label: 'Monthly package', quantity: '1', unit: 'duty', rate: '110000', amount: '110000' },
            { label: 'Extra km beyond 3000', quantity: '956', unit: 'km', rate: '14', amount: '13384' },
            {
              label: 'Extra hours beyond 260',
              quantity: '27.25',
              unit: 'hour',
              rate: '150',
              amount: '4087.5',
            },
          ],
          total: '127471.5',
        },
      }),
    );
    expect(lines).toContain('Monthly package 1 duty ₹1,10,000.00 ₹1,10,000.00');
    expect(lines).toContain('Total ₹1,27,471.50');
  });

  it('marks the supplier’s copy as such', async () => {
    const lines = await linesOf(slip({ variant: 'PURCHASE' }));
    expect(lines).toContain('Supplier copy');
    expect(lines).not.toContain('Customer copy');
  });

  it('runs many billing items onto a second page, repeating the table header there', async () => {
    const billingItems = Array.from({ length: 40 }, (_, index) => ({
      name: `Toll plaza ${index + 1}`,
      amount: '85',
    }));
    const { pages } = await readPdf(await renderDutySlipPdf(slip({ billingItems })));

    expect(pages).toHaveLength(2);
    const [first, second] = pages.map((page) => page.text.split('\n'));
    expect(first).toContain('Printed on 01/04/2026 10:30 Page 1 of 2');
    expect(second).toContain('Printed on 01/04/2026 10:30 Page 2 of 2');
    // The table itself is split: it starts on the first page and its header starts the second.
    expect(first).toContain('Toll plaza 1 ₹85.00');
    expect(second).toContain('Toll plaza 40 ₹85.00');
    expect(first).toContain('Item Amount');
    expect(second![0]).toBe('Item Amount');
    for (const item of billingItems) {
      expect([...first!, ...second!].filter((line) => line === `${item.name} ₹85.00`)).toHaveLength(1);
    }
    expect(second).toContain('Total ₹2,579.50');
  });

  it('paints the logo and the passenger’s signature when it has them', async () => {
    const view = slip({
      operator: { ...slip().operator, logoPng: solidPng(120, 40, [20, 60, 160]) },
      signaturePng: solidPng(200, 60, [0, 0, 0]),
    });
    const { pages } = await readPdf(await renderDutySlipPdf(view));
    expect(pages.reduce((images, page) => images + page.images, 0)).toBe(2);
    expect(pages.at(-1)!.text).toContain("Passenger's signature");

    const plain = await readPdf(await renderDutySlipPdf(slip()));
    expect(plain.pages.reduce((images, page) => images + page.images, 0)).toBe(0);
    expect(plain.pages.at(-1)!.text).not.toContain("Passenger's signature");
  });

  it('says what is still to come on a slip printed before the duty has run', async () => {
    const lines = await linesOf(
      slip({ points: [], measure: undefined, billingItems: [], charges: undefined }),
    );
    expect(lines).toContain('No points recorded yet.');
    expect(lines).toContain('Charged once the duty is closed.');
    expect(lines.some((line) => line.startsWith('Total'))).toBe(false);
    expect(lines).not.toContain('Billing items');
  });

  it('renders the same bytes for the same slip, dated when it was printed', async () => {
    const view = slip({ signaturePng: solidPng(200, 60, [0, 0, 0]) });
    const first = await renderDutySlipPdf(view);
    const second = await renderDutySlipPdf(slip({ signaturePng: solidPng(200, 60, [0, 0, 0]) }));
    expect(first.equals(second)).toBe(true);
    const { createdAt, title } = await readPdf(first);
    expect(createdAt).toEqual(view.printedAt);
    expect(title).toBe('Duty slip BK-2604-00017 (Customer copy)');
  });
});

describe('renderDutySlipsPdf', () => {
  it('binds slips into one PDF in the order given, each starting on a page of its own, the pages numbered through', async () => {
    const long = slip({
      booking: { ...slip().booking, bookingNo: 'BK-2604-00018' },
      billingItems: Array.from({ length: 40 }, (_, index) => ({
        name: `Toll plaza ${index + 1}`,
        amount: '85',
      })),
    });
    const short = slip({ booking: { ...slip().booking, bookingNo: 'BK-2604-00019' } });
    const bound = await readPdf(
      await renderDutySlipsPdf([slip(), long, short], 'Duty slips of KC/2526/0001'),
    );

    expect(bound.title).toBe('Duty slips of KC/2526/0001');
    expect(bound.pages).toHaveLength(4);
    const firstLines = bound.pages.map((page) => page.text.split('\n').slice(0, 8));
    expect(firstLines[0]).toContain('Booking BK-2604-00017 · Closed');
    expect(firstLines[1]).toContain('Booking BK-2604-00018 · Closed');
    // The long slip's billing items run onto its own second page, which no other slip starts on.
    expect(bound.pages[2]!.text.split('\n')[0]).toBe('Item Amount');
    expect(firstLines[3]).toContain('Booking BK-2604-00019 · Closed');
    bound.pages.forEach((page, index) => {
      expect(page.text).toContain(`Printed on 01/04/2026 10:30 Page ${index + 1} of 4`);
      expect(page.text.match(/Booking BK-2604-\d+ · Closed/g)?.length ?? 0).toBe(index === 2 ? 0 : 1);
    });
  });

  it('refuses to bind no slip at all', async () => {
    await expect(renderDutySlipsPdf([], 'Duty slips')).rejects.toThrow(RangeError);
  });
});
